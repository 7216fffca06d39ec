import { posix, win32 } from 'node:path';
import {
  AppRequestError,
  type GameCfgCandidateView,
  type GameCfgPickTarget,
  type GameCfgView,
  type ReplayDeskRequestOutputs,
} from '@shared/contract';
import type { RequestHandlers } from '../../../platform/router/requestRouter';
import { enableReplayApi, readReplayApiStatus } from './gameCfgFile';
import {
  isGameCfgName,
  locateGameCfg,
  type GameCfgCandidate,
  type GameCfgLocatorDeps,
} from './gameCfgLocator';

/** Desktop: the native open dialog, owned by main. Resolves with the chosen paths, or null when cancelled. */
export type GameCfgPicker = (target: GameCfgPickTarget) => Promise<string[] | null>;

export interface GameCfgHandlerDeps {
  locatorDeps(picked: readonly string[]): GameCfgLocatorDeps;
  /** Paths the user typed on the command line (`sightline serve --cfg`): looked at like picked ones. */
  typed?: readonly string[];
  /** Absent in browser mode: there is no dialog to show, and a path from a page is never taken. */
  pickGameCfg?: GameCfgPicker;
}

type GameCfgChannels = 'replay.config.locate' | 'replay.config.pick' | 'replay.config.set';

/** Picked paths kept for later searches; the dialog is the only way in, so a few is plenty. */
const MAX_PICKED = 10;

const CLI_HINT = 'npx sightline replay enable --cfg <path to game.cfg>';
export const PICK_UNAVAILABLE = `Only the desktop app can open a file dialog. Choose game.cfg there, or run: ${CLI_HINT}`;

/**
 * game.cfg's switch. Only a file the locator found, or one the user chose in the desktop app's dialog or on
 * the command line, can be changed: a path in a request is looked up among those, never written as given,
 * so a page holding the host token cannot edit any other file.
 */
export function createGameCfgHandlers(deps: GameCfgHandlerDeps): Pick<RequestHandlers, GameCfgChannels> {
  const { platform } = deps.locatorDeps([]);
  const picked: string[] = [...(deps.typed ?? [])];
  /** Files found or picked so far, by comparison key. */
  const allowed = new Map<string, string>();

  const search = async () => {
    const location = await locateGameCfg(deps.locatorDeps(picked));
    for (const candidate of location.candidates) {
      if (isGameCfgName(candidate.path, platform))
        allowed.set(pathKey(candidate.path, platform), candidate.path);
    }
    return location;
  };

  const locate = async (): Promise<GameCfgView> => {
    const location = await search();
    return {
      candidates: await Promise.all(
        location.candidates.map((candidate) => describeCandidate(candidate, platform)),
      ),
      failedLookups: location.failedLookups,
      canPick: deps.pickGameCfg !== undefined,
    };
  };

  /** The file a request may change: one found or picked, as the locator spelled it. */
  const allowedPath = async (path: string): Promise<string | null> => {
    const known = allowed.get(pathKey(path, platform));
    if (known) return known;
    // A page reloaded since the last search still names a file the locator finds: search once more.
    await search();
    return allowed.get(pathKey(path, platform)) ?? null;
  };

  return {
    'replay.config.locate': () => locate(),
    'replay.config.pick': async ({ target }) => {
      if (!deps.pickGameCfg) throw new AppRequestError({ code: 'unsupported', message: PICK_UNAVAILABLE });
      const chosen = await deps.pickGameCfg(target);
      for (const path of chosen ?? []) {
        if (!picked.includes(path)) picked.push(path);
      }
      picked.splice(0, Math.max(0, picked.length - MAX_PICKED));
      return locate();
    },
    'replay.config.set': async ({
      path,
      enabled,
    }): Promise<ReplayDeskRequestOutputs['replay.config.set']> => {
      if (!isGameCfgName(path, platform)) throw refused(`"${pathOf(platform).basename(path)}" is not one`);
      const target = await allowedPath(path);
      if (!target) throw refused(`${path} is neither`);
      const result = await enableReplayApi(target, enabled);
      if (!result.ok) throw new AppRequestError({ code: 'io', message: result.error.message });
      const { changed, backupPath, message } = result.value;
      return { path: result.value.path, enabled, changed, backupPath, message };
    },
  };
}

function refused(why: string): AppRequestError {
  return new AppRequestError({
    code: 'bad-input',
    message: `Sightline only changes a game.cfg it found or that you picked, and ${why}. Choose it with "Choose game.cfg…" in the desktop app, or run: ${CLI_HINT}`,
  });
}

function pathOf(platform: NodeJS.Platform): typeof posix {
  return platform === 'win32' ? win32 : posix;
}

/** The same file gets the same key: absolute, normalised, and case-folded where names ignore case. */
function pathKey(path: string, platform: NodeJS.Platform): string {
  const resolved = pathOf(platform).resolve(path);
  return platform === 'win32' || platform === 'darwin' ? resolved.toLowerCase() : resolved;
}

async function describeCandidate(
  candidate: GameCfgCandidate,
  platform: NodeJS.Platform,
): Promise<GameCfgCandidateView> {
  const base = {
    path: candidate.path,
    installDir: candidate.installDir,
    exists: candidate.exists,
    origins: [...new Set(candidate.origins.map((origin) => origin.source.replace(/-/g, ' ')))],
  };
  const blank = { setting: null, rawValue: null, readOnly: false };
  if (!isGameCfgName(candidate.path, platform)) {
    return { ...base, ...blank, problem: 'Sightline only changes a file named game.cfg.' };
  }
  if (!candidate.exists) return { ...base, ...blank, problem: null };
  const status = await readReplayApiStatus(candidate.path);
  if (!status.ok) return { ...base, ...blank, problem: status.error.message };
  const { state, readOnly } = status.value;
  return { ...base, setting: state.setting, rawValue: state.rawValue, readOnly, problem: null };
}
