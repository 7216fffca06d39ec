import { join } from 'node:path';
import { AppRequestError, type ReplayDeskRequestOutputs, type ReplayRequestOutputs } from '@shared/contract';
import { playbackAt } from '@shared/replay/playbackClock';
import { validateSequence } from '@shared/replay/sequenceEditor';
import type { RequestHandlers } from '../../platform/router/requestRouter';
import { createGameCfgHandlers, type GameCfgHandlerDeps } from './gameCfg/gameCfgHandlers';
import { playbackPatchFor } from '@shared/replay/replayCommands';
import type { ReplayClient } from './replayClient';
import type { ReplayDriver } from './replayDriver';
import type { SequenceLibrary } from './sequenceLibrary';

type ReplayChannels = keyof ReplayRequestOutputs | keyof ReplayDeskRequestOutputs;

export interface ReplayHandlerDeps {
  client: ReplayClient;
  driver: ReplayDriver;
  sequences: SequenceLibrary;
  gameCfg: GameCfgHandlerDeps;
  /** The platform's videos folder: recordings go there unless the caster names another place. */
  videosDir(): Promise<string>;
  now(): number;
}

/** The caster's requests: each write goes to the game, and what the game answers lands in the state. */
export function createReplayHandlers(deps: ReplayHandlerDeps): Pick<RequestHandlers, ReplayChannels> {
  const { client, driver, now } = deps;

  const currentPlayback = async () => {
    const sample = client.lastPlayback();
    if (sample) return playbackAt(sample, now());
    return driver.settle(await client.playback());
  };

  return {
    'replay.playback.set': async (patch) =>
      driver.settle(await client.setPlayback(patch), (playback) => ({
        playback: { ...playback, sampledAt: now() },
      })),
    'replay.render.set': async (patch) =>
      driver.settle(await client.setRender(patch), (render) => ({ render })),
    'replay.particles.set': async (particles) => driver.settle(await client.setParticles(particles)),
    'replay.sequence.apply': async (sequence) => {
      const playback = await currentPlayback();
      const problems = validateSequence(sequence, playback.length);
      if (problems.length > 0) {
        throw new AppRequestError({
          code: 'bad-input',
          message: problems.map((problem) => problem.message).join('; '),
        });
      }
      return driver.settle(await client.applySequence(sequence), (applied) => ({ sequence: applied }));
    },
    'replay.sequence.clear': async () =>
      driver.settle(await client.clearSequence(), (sequence) => ({ sequence })),
    'replay.recording.start': (start) => driver.startRecording(start),
    'replay.recording.stop': () => driver.stopRecording(),
    // Hotkeys and the transport's buttons alike: the patch is worked out from the playback as it is now.
    'replay.command': async (command) => {
      const playback = await currentPlayback();
      const patch = playbackPatchFor(playback, command);
      if (Object.keys(patch).length === 0) return playback;
      return driver.settle(await client.setPlayback(patch), (next) => ({
        playback: { ...next, sampledAt: now() },
      }));
    },
    'replay.snapshot': async () => {
      // Both read now: the poll reads the render only every few seconds, and a camera that follows a unit
      // has moved since (three keyframes taken while following would all store where it was then).
      const [playbackRead, renderRead] = await Promise.all([client.playback(), client.render()]);
      const playback = {
        ...driver.settle(playbackRead),
        sampledAt: client.lastPlayback()?.sampledAt ?? now(),
      };
      const render = driver.settle(renderRead, (value) => ({ playback, render: value }));
      return { playback, render };
    },
    ...createGameCfgHandlers(deps.gameCfg),
    'replay.recording.folder': async () => {
      const folder = await deps.videosDir();
      return { folder, exampleFile: join(folder, 'highlight.webm') };
    },
    'replay.sequences.list': () => deps.sequences.list(),
    'replay.sequences.save': ({ name, sequence }) => deps.sequences.save(name, sequence),
    'replay.sequences.load': ({ name }) => deps.sequences.load(name),
    'replay.sequences.delete': ({ name }) => deps.sequences.delete(name),
  };
}
