import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as DevToolsEntry from './tools/devTools';

export type DevTools = typeof DevToolsEntry;

/** Where `electron-vite build --mode dev-tools` puts the development tools' entry, under the repo. */
export const DEV_TOOLS_ENTRY = join('out', 'dev-tools', 'devTools.js');

/**
 * The development tools as built in a checkout (`npm run bench|faults|soak` build them first). The app's build
 * never bundles them: their path is only known at run time.
 */
export async function loadBuiltDevTools(repoRoot: string, command: string): Promise<DevTools> {
  const entry = join(repoRoot, DEV_TOOLS_ENTRY);
  if (!existsSync(entry)) {
    throw new Error(
      `a development tool, not part of the app: run \`npm run ${command}\` in a checkout (it builds ${DEV_TOOLS_ENTRY} first)`,
    );
  }
  return (await import(pathToFileURL(entry).href)) as DevTools;
}
