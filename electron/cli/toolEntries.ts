import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import type * as DevToolsEntry from './devTools';

/**
 * The tooling beside the app, each behind one entry and loaded only by the commands that run it. No other CLI
 * module imports them, and they never import the CLI back (lint: e2e/architecture/layeringRule.js).
 *
 * The simulator ships with the CLI as a lazy chunk, for `simulate` and `demo`; the benchmarks and the reliability
 * harness are the development tools (devTools.ts), which never ship.
 */
export const loadSimulator = () => import('../../e2e/simulator/index');

export type DevTools = typeof DevToolsEntry;

/** Where `electron-vite build --mode dev-tools` puts the development tools' entry, under the repo. */
export const DEV_TOOLS_ENTRY = join('out', 'dev-tools', 'devTools.js');

/**
 * The development tools as built in a checkout (`npm run bench|faults|soak` build them first). The app's build
 * never bundles them: the path is only known at run time.
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
