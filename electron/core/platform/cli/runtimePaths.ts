import { fileURLToPath } from 'node:url';

export interface RuntimePaths {
  rendererDir: string;
  resourcesDir: string;
  repoRoot: string;
}

/** Where the built CLI (out/main/cli.js) finds the renderer, the bundled resources and the repo. */
export function cliRuntimePaths(moduleUrl: string): RuntimePaths {
  return {
    rendererDir: fileURLToPath(new URL('../renderer', moduleUrl)),
    resourcesDir: fileURLToPath(new URL('../../resources', moduleUrl)),
    repoRoot: fileURLToPath(new URL('../../', moduleUrl)),
  };
}
