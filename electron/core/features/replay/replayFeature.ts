import { join } from 'node:path';
import type { ReplayDeskRequestOutputs, ReplayRequestOutputs } from '@shared/contract';
import type { HighlightsRequestOutputs } from '@shared/contract/highlights';
import type { Feature, FeatureContext } from '../../platform/feature/feature';
import type { GameCfgHandlerDeps } from './gameCfg/gameCfgHandlers';
import { locateGameCfg, nodeGameCfgLocatorDeps } from './gameCfg/gameCfgLocator';
import { diagnoseReplayApiConfig } from './gameCfg/replayApiDiagnosis';
import { createHighlightHandlers } from './highlights/highlightHandlers';
import { createHighlightReel } from './highlights/highlightReel';
import { nodeRecordingFileSystem } from './recordingTracker';
import { createReplayClient } from './replayClient';
import { createReplayDriver } from './replayDriver';
import { createReplayHandlers } from './replayHandlers';
import { createSequenceLibrary } from './sequenceLibrary';
import { findVideosFolder, nodeVideosFolderDeps } from './videosFolder';

// What app/ composes beside the feature (the source checkup, the desktop's game.cfg picker).
export type { GameCfgPicker } from './gameCfg/gameCfgHandlers';
export { nodeRecordingFileSystem } from './recordingTracker';
export { createReplayClient } from './replayClient';
export { createReplayDriver } from './replayDriver';

type ReplayChannels =
  keyof ReplayRequestOutputs | keyof ReplayDeskRequestOutputs | keyof HighlightsRequestOutputs;

/**
 * Where game.cfg may be besides what the locator finds (the desktop app's dialog, paths typed on the command
 * line), and the platform's videos folder as Electron knows it (`app.getPath('videos')`; found here without it).
 */
export type ReplayFeatureOptions = Pick<GameCfgHandlerDeps, 'pickGameCfg' | 'typed'> & { videosDir?: string };

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
  // Looked up once, when first asked.
  let videosDir: Promise<string> | null = null;
  const handlers = createReplayHandlers({
    client,
    driver,
    sequences,
    gameCfg: { pickGameCfg: options.pickGameCfg, typed: options.typed, locatorDeps: nodeGameCfgLocatorDeps },
    videosDir: async () => options.videosDir ?? (videosDir ??= findVideosFolder(nodeVideosFolderDeps())),
    now: () => scheduler.now(),
  });
  const highlights = createHighlightReel({
    client,
    http,
    liveUrl: () => settings.effective.live.url,
    recordingFs: nodeRecordingFileSystem,
    // Through the driver, so the recording panel shows each clip's recording as any other.
    startRecording: async (start) => {
      try {
        return { ok: true, value: await driver.startRecording(start) };
      } catch (error) {
        return {
          ok: false,
          error: { kind: 'rejected', message: error instanceof Error ? error.message : String(error) },
        };
      }
    },
    sleep: (ms) => new Promise((resolve) => scheduler.setTimeout(resolve, ms)),
  });
  return { handlers: { ...handlers, ...createHighlightHandlers(highlights) }, pollers: [driver.poller] };
}
