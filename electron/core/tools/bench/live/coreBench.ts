import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { reduceStateMessage, type AppState, type LocalState, type StateMessage } from '@shared/contract';
import { percentile } from '../latency';
import { createLivePipeline } from './livePipeline';
import { createSyntheticGame } from './syntheticGame';

/** Figures of the core path alone: CPU per poll, bytes pushed per poll, memory over a long game. */

interface PollTexts {
  [path: string]: string;
}

const ENDPOINTS = ['/liveclientdata/gamestats', '/liveclientdata/playerlist', '/liveclientdata/activeplayer'];

export interface CorePollingFigures {
  polls: number;
  cpuMsPerPoll: number;
  wallMsP95: number;
  steadyPatchBytes: number;
  eventPatchBytes: number;
  snapshotBytes: number;
  liveSliceBytes: number;
}

/**
 * Polls a 10-player game once per game second: `warmup` seconds first, then `polls` measured ones.
 * Response texts are made before the measurement, so only the app's work is counted (JSON parse,
 * validation, reducer, diff, publish, and serializing each pushed message as the transports do).
 */
export async function measureCorePolling(warmup = 600, polls = 600): Promise<CorePollingFigures> {
  const game = createSyntheticGame();
  const texts: PollTexts[] = [];
  const hadEvents: boolean[] = [];
  let told = 0;
  for (let second = 0; second < warmup + polls; second += 1) {
    hadEvents.push(game.step());
    const poll: PollTexts = Object.fromEntries(ENDPOINTS.map((path) => [path, game.answer(path)]));
    poll[`/liveclientdata/eventdata?eventID=${told}`] = game.answer(
      `/liveclientdata/eventdata?eventID=${told}`,
    );
    told = game.eventCount;
    texts.push(poll);
  }

  let index = 0;
  let bytes = 0;
  const pipeline = createLivePipeline({
    answer: (path) => texts[index]?.[path] ?? game.answer(path),
    onMessage: (message) => (bytes += JSON.stringify(message).length),
  });
  for (; index < warmup; index += 1) await pipeline.poll();

  const steady: number[] = [];
  const withEvents: number[] = [];
  const wall: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (; index < warmup + polls; index += 1) {
    bytes = 0;
    const started = performance.now();
    await pipeline.poll();
    wall.push(performance.now() - started);
    (hadEvents[index] ? withEvents : steady).push(bytes);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const mean = (values: number[]) =>
    values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  const figures: CorePollingFigures = {
    polls,
    cpuMsPerPoll: (cpu.user + cpu.system) / 1000 / polls,
    wallMsP95: percentile(wall, 0.95),
    steadyPatchBytes: mean(steady),
    eventPatchBytes: mean(withEvents),
    snapshotBytes: JSON.stringify(pipeline.hub.snapshot()).length,
    liveSliceBytes: JSON.stringify(pipeline.hub.state.live).length,
  };
  pipeline.stop();
  return figures;
}

function collectGarbage(): (() => void) | null {
  try {
    setFlagsFromString('--expose_gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return null;
  }
}

export interface MemoryFigures {
  gameMinutes: number;
  heapStartMb: number;
  heapEndMb: number;
  growthMb: number;
  collected: boolean;
}

/**
 * A whole game on an accelerated clock (one poll per game second, no waiting), with a view applying
 * every pushed patch as the renderer does; heap measured after a full collection at minute one and at
 * the end.
 */
export async function measureGameMemory(minutes = 60): Promise<MemoryFigures> {
  const gc = collectGarbage();
  const game = createSyntheticGame(7);
  let view: LocalState<AppState> = { seq: -1, state: null };
  const pipeline = createLivePipeline({
    answer: (path) => game.answer(path),
    onMessage: (message: StateMessage<AppState>) => (view = reduceStateMessage(view, message).next),
  });
  const heap = () => {
    gc?.();
    return process.memoryUsage().heapUsed / (1024 * 1024);
  };
  let heapStart = 0;
  for (let second = 0; second < minutes * 60; second += 1) {
    game.step();
    await pipeline.poll();
    if (second === 59) heapStart = heap();
  }
  const heapEnd = heap();
  pipeline.stop();
  if (view.state === null) throw new Error('the view never received the state');
  return {
    gameMinutes: minutes,
    heapStartMb: heapStart,
    heapEndMb: heapEnd,
    growthMb: heapEnd - heapStart,
    collected: gc !== null,
  };
}
