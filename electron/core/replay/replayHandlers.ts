import { AppRequestError, type ReplayDeskRequestOutputs, type ReplayRequestOutputs } from '@shared/contract';
import { playbackAt } from '@shared/replay/playbackClock';
import { validateSequence } from '@shared/replay/sequenceEditor';
import type { RequestHandlers } from '../bridge/requestRouter';
import { createGameCfgHandlers, type GameCfgHandlerDeps } from './gameCfg/gameCfgHandlers';
import { applyReplayCommand } from '@shared/replay/hotkeys';
import type { ReplayClient } from './replayClient';
import type { ReplayDriver } from './replayDriver';
import type { SequenceLibrary } from './sequenceLibrary';

type ReplayChannels = keyof ReplayRequestOutputs | keyof ReplayDeskRequestOutputs;

export interface ReplayHandlerDeps {
  client: ReplayClient;
  driver: ReplayDriver;
  sequences: SequenceLibrary;
  gameCfg: GameCfgHandlerDeps;
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
    'replay.command': async ({ command }) => {
      const playback = await currentPlayback();
      const patch = applyReplayCommand(playback, command);
      if (Object.keys(patch).length === 0) return playback;
      return driver.settle(await client.setPlayback(patch), (next) => ({
        playback: { ...next, sampledAt: now() },
      }));
    },
    ...createGameCfgHandlers(deps.gameCfg),
    'replay.sequences.list': () => deps.sequences.list(),
    'replay.sequences.save': ({ name, sequence }) => deps.sequences.save(name, sequence),
    'replay.sequences.load': ({ name }) => deps.sequences.load(name),
    'replay.sequences.delete': ({ name }) => deps.sequences.delete(name),
  };
}
