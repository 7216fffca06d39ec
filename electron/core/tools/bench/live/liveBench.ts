import { metOrNot, POLL_TO_DOM_TARGET_MS } from '../latency';
import { measureCorePolling, measureGameMemory } from './coreBench';
import { measureDomLatency, type Percentiles } from './domLatency';

const ms = (value: number): string => `${value.toFixed(2)} ms`;
const spread = (leg: Percentiles): string =>
  `p95 ${ms(leg.p95Ms)}, p50 ${ms(leg.p50Ms)}, max ${ms(leg.maxMs)}`;

/** `sightline bench live`: the four figures of the arena live scoreboard (issue 4, item 10). */
export async function runLiveBench(): Promise<string[]> {
  const latency = await measureDomLatency();
  const core = await measureCorePolling();
  const memory = await measureGameMemory();
  const share = (bytes: number, of: number) => `${((bytes / of) * 100).toFixed(1)} %`;
  const legs = latency.legs;
  return [
    `live: response received → DOM updated: p95 ${ms(latency.p95Ms)}, p50 ${ms(latency.p50Ms)} over ${latency.rounds} polls (${latency.where}: ${latency.note}; target p95 ≤ ${POLL_TO_DOM_TARGET_MS} ms: ${metOrNot(latency.p95Ms <= POLL_TO_DOM_TARGET_MS)})`,
    ...(legs
      ? [
          `live: poll → DOM by leg: to the page's WebSocket (core, send, socket) ${spread(legs.toPage)}; in the page (parse, apply, React commit) ${spread(legs.inPage)}`,
          `live: to the page's WebSocket, split: the core up to the host's send ${spread(legs.core)}; the host's socket to the page's (Chromium's network process, then the page's) ${spread(legs.socket)}`,
        ]
      : []),
    `live: core CPU per polling second, 10 players: ${ms(core.cpuMsPerPoll)} (wall p95 ${ms(core.wallMsP95)}, ${core.polls} polls; target ≤ 2 ms)`,
    `live: bytes pushed per steady poll: ${core.steadyPatchBytes.toFixed(0)} B vs full snapshot ${core.snapshotBytes} B = ${share(core.steadyPatchBytes, core.snapshotBytes)} (${share(core.steadyPatchBytes, core.liveSliceBytes)} of the live slice; polls with new events: ${core.eventPatchBytes.toFixed(0)} B; target ≤ 5 %)`,
    `live: memory over a ${memory.gameMinutes}-minute game on an accelerated clock: heap ${memory.heapStartMb.toFixed(1)} → ${memory.heapEndMb.toFixed(1)} MB, growth ${memory.growthMb.toFixed(2)} MB${memory.collected ? '' : ' (no forced GC: noisy)'} (target ≤ 5 MB)`,
  ];
}
