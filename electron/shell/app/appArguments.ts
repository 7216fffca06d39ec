import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * The game.cfg files or game folders named with `--cfg <path>` on the desktop app's command line (what
 * `sightline demo` passes, as `serve --cfg` takes them): the replay page may switch those. Electron and
 * Chromium put their own switches and the app's folder on the same line, so anything else is passed over.
 */
export function gameCfgPathsFromArgv(argv: readonly string[]): string[] {
  const { values } = parseArgs({
    args: argv.slice(1),
    options: { cfg: { type: 'string', multiple: true } },
    strict: false,
    allowPositionals: true,
  });
  // Without strict parsing a bare `--cfg` reads as `true`: there is no path in it.
  const named = [values.cfg ?? []].flat();
  return named
    .filter((path): path is string => typeof path === 'string' && path !== '')
    .map((path) => resolve(path));
}
