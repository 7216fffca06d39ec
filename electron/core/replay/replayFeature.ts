import { join } from 'node:path';
import type { ReplayDeskRequestOutputs, ReplayRequestOutputs } from '@shared/contract';
import type { Feature, FeatureContext } from '../feature/feature';
import type { GameCfgHandlerDeps } from './gameCfg/gameCfgHandlers';
import { locateGameCfg, nodeGameCfgLocatorDeps } from './gameCfg/gameCfgLocator';
import { diagnoseReplayApiConfig } from './gameCfg/replayApiDiagnosis';
import { nodeRecordingFileSystem } from './recordingTracker';
import { createReplayClient } from './replayClient';
import { createReplayDriver } from './replayDriver';
import { createReplayHandlers } from './replayHandlers';
import { createSequenceLibrary } from './sequenceLibrary';

type ReplayChannels = keyof ReplayRequestOutputs | keyof ReplayDeskRequestOutputs;

/** Where game.cfg may be besides what the locator finds: the desktop app's dialog, paths typed on the command line. */
export type ReplayFeatureOptions = Pick<GameCfgHandlerDeps, 'pickGameCfg' | 'typed'>;

/** Replay control for casters: the driver that watches the replay, and the caster's requests. */
export function createReplayFeature(
  context: FeatureContext,
  options: ReplayFeatureOptions = {},
): Feature<ReplayChannels> {
  const { http, settings, scheduler } = context;
  const client = createReplayClient({
    http,
    baseUrl: () => settings.effective.replay.url,
    liveDataUrl: () => settings.effective.live.url,
    now: () => scheduler.now(),
  });
  const driver = createReplayDriver({
    ...context,
    client,
    liveUrl: () => settings.effective.live.url,
    recordingFs: nodeRecordingFileSystem,
    // The game.cfg on this machine, found the way the Replay page finds it (the command line's included).
    diagnoseReplayApi: () =>
      diagnoseReplayApiConfig(() => locateGameCfg(nodeGameCfgLocatorDeps(options.typed ?? []))),
  });
  const sequences = createSequenceLibrary(join(context.dataDir, 'sequences'), {
    onMovedAside: (moved) =>
      context.dataFolder.movedAside({
        kind: 'sequences',
        ...moved,
        reset: 'that sequence is no longer listed',
      }),
    writeFailed: context.dataFolder.writeFailed,
    now: () => scheduler.now(),
  });
  // Listed once at start, so a damaged file is moved aside and told now rather than when the Replay page opens.
  void sequences.list().catch((error: unknown) => {
    context.logger.warn('saved sequences not listed', { error: String(error) });
  });
  const handlers = createReplayHandlers({
    client,
    driver,
    sequences,
    gameCfg: { ...options, locatorDeps: nodeGameCfgLocatorDeps },
    now: () => scheduler.now(),
  });
  return { handlers, pollers: [driver.poller] };
}
