import { historyPath, openHistoryStore } from '../core/features/history/historyStore';
import { SOAK_GAME_SECONDS, soakScenario } from './soakScenario';
import { sleep, startSimulatedWorld, type SimulatedWorld, type StartHost } from './simulatedWorld';

export interface SoakOptions {
  /** Hours of play to simulate. */
  hours: number;
  /** Game seconds per real second. */
  timeScale: number;
  serve: StartHost;
  rendererDir: string;
  resourcesDir: string;
}

export interface SoakSample {
  /** Simulated minutes since the start. */
  minute: number;
  heapBytes: number;
  rssBytes: number;
  /** Timers, sockets, servers and other handles that keep the process alive. */
  handles: number;
  /** TCP and TLS handles: connections and listening servers (the simulators' included). */
  sockets: number;
}

export interface SoakReport {
  hours: number;
  realMinutes: number;
  arenaGames: number;
  cardGames: number;
  lookups: number;
  replayCommands: number;
  samples: SoakSample[];
  /** Heap after the first tenth of the run and at its end (medians of a tenth each). */
  heap: { start: number; end: number };
  rss: { start: number; end: number };
  handles: { start: number; end: number };
  sockets: { start: number; end: number };
  escaped: number;
  passed: boolean;
}

/** The goals: heap growth over the run, in bytes, and no growth of handles. */
export const MAX_HEAP_GROWTH_BYTES = 5 * 1024 * 1024;
const LOOKUP_EVERY_MINUTES = 5;
const REPLAY_COMMAND_EVERY_MINUTES = 10;

/**
 * An evening of use, accelerated: arena games one after another (a replay on the same port), card games
 * beside them, a player lookup every 5 minutes and a caster's command every 10, against the real host in
 * this process. Memory and handles are sampled every simulated minute, after a full GC when node runs
 * with --expose-gc.
 */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const world = await startSimulatedWorld({ scenario: soakScenario(options.timeScale), ...options });
  const startedAt = performance.now();
  const minuteMs = 60_000 / options.timeScale;
  const totalMinutes = Math.round(options.hours * 60);
  const samples: SoakSample[] = [];
  let lookups = 0;
  let replayCommands = 0;
  let fog = true;
  try {
    for (let minute = 1; minute <= totalMinutes; minute += 1) {
      const due = startedAt + minute * minuteMs;
      await sleep(Math.max(0, due - performance.now()));
      await startNextGameIfClosed(world);
      if (minute % LOOKUP_EVERY_MINUTES === 0) {
        const result = await world.core.router('webApi.account.byRiotId', {
          riotId: 'Quiet Lantern#EUW',
          region: 'europe',
        });
        if (result.ok) lookups += 1;
      }
      if (minute % REPLAY_COMMAND_EVERY_MINUTES === 0) {
        fog = !fog;
        const result = await world.core.router('replay.render.set', { fogOfWar: fog });
        if (result.ok) replayCommands += 1;
      }
      samples.push(sample(minute));
    }
    return await report(world, options, { startedAt, samples, lookups, replayCommands });
  } finally {
    await world.stop();
  }
}

/** The arena client closes ten seconds after each game: the next game starts from the top. */
async function startNextGameIfClosed(world: SimulatedWorld): Promise<void> {
  const { live, scenarioTime } = world.sim.control.state();
  if (!live.listening && scenarioTime > SOAK_GAME_SECONDS) await world.sim.control.restart();
}

function sample(minute: number): SoakSample {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const memory = process.memoryUsage();
  const resources = process.getActiveResourcesInfo();
  return {
    minute,
    heapBytes: memory.heapUsed,
    rssBytes: memory.rss,
    handles: resources.length,
    sockets: resources.filter((name) => /TCP|TLS/.test(name)).length,
  };
}

async function report(
  world: SimulatedWorld,
  options: SoakOptions,
  run: { startedAt: number; samples: SoakSample[]; lookups: number; replayCommands: number },
): Promise<SoakReport> {
  const history = await openHistoryStore(historyPath(world.dataDir));
  let arenaGames = 0;
  let cardGames = 0;
  try {
    arenaGames = (await history.arenaGames.list({}, { limit: 10_000 })).length;
    // The data folder starts with one card game of its own.
    cardGames = (await history.cardGames.details({})).length - 1;
  } finally {
    history.close();
  }
  const { samples } = run;
  const heap = startAndEnd(samples, (entry) => entry.heapBytes);
  const handles = startAndEnd(samples, (entry) => entry.handles);
  const passed =
    world.escaped.length === 0 &&
    heap.end - heap.start <= MAX_HEAP_GROWTH_BYTES &&
    handles.end <= handles.start;
  return {
    hours: options.hours,
    realMinutes: (performance.now() - run.startedAt) / 60_000,
    arenaGames,
    cardGames,
    lookups: run.lookups,
    replayCommands: run.replayCommands,
    samples,
    heap,
    rss: startAndEnd(samples, (entry) => entry.rssBytes),
    handles,
    sockets: startAndEnd(samples, (entry) => entry.sockets),
    escaped: world.escaped.length,
    passed,
  };
}

/**
 * Medians of the second tenth of the run (after start-up has settled) and of its last tenth: one slow GC
 * or a poll in flight at a sample does not make a trend.
 */
export function startAndEnd(
  samples: readonly SoakSample[],
  value: (sample: SoakSample) => number,
): { start: number; end: number } {
  const tenth = Math.max(1, Math.floor(samples.length / 10));
  const median = (part: readonly SoakSample[]): number => {
    const sorted = part.map(value).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  return { start: median(samples.slice(tenth, 2 * tenth)), end: median(samples.slice(-tenth)) };
}

const mb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** What `npm run soak` prints. */
export function formatSoakReport(report: SoakReport): string[] {
  const growth = report.heap.end - report.heap.start;
  return [
    `soak: ${report.hours} h of play simulated in ${report.realMinutes.toFixed(1)} min: ${report.arenaGames} arena games and ${report.cardGames} card games recorded, ${report.lookups} web API lookups, ${report.replayCommands} replay commands`,
    `soak: heap ${mb(report.heap.start)} → ${mb(report.heap.end)} (${growth >= 0 ? '+' : '−'}${mb(Math.abs(growth))}, limit +${mb(MAX_HEAP_GROWTH_BYTES)}), rss ${mb(report.rss.start)} → ${mb(report.rss.end)}, handles ${report.handles.start} → ${report.handles.end}, sockets ${report.sockets.start} → ${report.sockets.end}, uncaught errors ${report.escaped}`,
    `soak: ${report.passed ? 'pass' : 'FAIL'}`,
  ];
}
