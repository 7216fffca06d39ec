import { fileURLToPath } from 'node:url';

export interface ShellPaths {
  /** The sandboxed preload, built to CommonJS. */
  preloadPath: string;
  /** The built renderer served on app://sightline. */
  rendererDir: string;
  /** Bundled resources (riotgames.pem). */
  resourcesDir: string;
}

/** Where the built shell (out/main/index.js) finds its siblings; the same layout inside an asar. */
export function shellPaths(moduleUrl: string): ShellPaths {
  return {
    preloadPath: fileURLToPath(new URL('../preload/index.cjs', moduleUrl)),
    rendererDir: fileURLToPath(new URL('../renderer', moduleUrl)),
    resourcesDir: fileURLToPath(new URL('../../resources', moduleUrl)),
  };
}
