import { performance } from 'node:perf_hooks';
import type { WebSocket } from 'ws';
import type { AppState, ServerFrame } from '@shared/contract';
import { P1_TARGET_MS, percentile } from '../latency';
import type { StateHub } from '../../../platform/hub/stateHub';
import { createLivePipeline } from '../live/livePipeline';
import { createSyntheticGame } from '../live/syntheticGame';
import { openRawWebSocket } from '../../testkit/malformedWebSocketFrames';
import { sendBadInputs } from '../../testkit/host/badInputs';
import { MAX_BUFFERED_BYTES } from '../../../transport/host/browserHost';
import { get, nextFrames, openSocket, opened } from '../../testkit/host/hostClients';
import { pushLargePatch, startTestHost, TEST_TOKENS, type TestHost } from '../../testkit/host/testHost';

/**
 * `sightline bench host`: the real browser host on 127.0.0.1 under load and abuse. Many pages at once (OBS
 * with many sources, several browsers) fed by the live pipeline's synthetic game; a page that stops reading
 * while the others go on; then a stream of bad requests and frames. The pages are `ws` clients in this same
 * process, so each latency includes the page's JSON parse and its share of the one thread; it runs from the
 * hub publishing a patch to a page holding it parsed.
 */

export interface HostBenchOptions {
  clients: number;
  /** Live polls pushed to every page (each one or more patches). */
  polls: number;
  /** Between polls: 10 ms is 100 polls a second, far above a game's few a second. */
  intervalMs: number;
  /** Size of each patch while a page has stopped reading. */
  slowPatchBytes: number;
  badInputs: number;
}

const DEFAULTS: HostBenchOptions = {
  clients: 50,
  polls: 500,
  intervalMs: 10,
  slowPatchBytes: 16 * 1024,
  badInputs: 1000,
};

const DELIVERY_WAIT_MS = 10_000;
/** Kernel buffers take a few MiB before the host queues anything; the cut must come well before this. */
const SLOW_CONSUMER_GIVE_UP_BYTES = 256 * 1024 * 1024;

export interface DeliveryFigures {
  patches: number;
  /** Patches a second the hub actually published (the pacing, plus the work of each round). */
  perSecond: number;
  allDelivered: boolean;
  p50Ms: number;
  p95Ms: number;
}

export interface SlowConsumerFigures {
  cutOff: boolean;
  /** What the host held for the page when it cut it off. */
  hostBufferedBytes: number;
  /** What the page could still read afterwards: the OS's socket buffers. */
  osBufferedBytes: number;
  patches: number;
  patchBytes: number;
  others: DeliveryFigures;
  /** The same size of patch, at the same rate, with no page stalled. */
  baseline: DeliveryFigures;
}

export interface AbuseFigures {
  sent: number;
  failures: string[];
  elapsedMs: number;
  stillServing: boolean;
}

export interface HostBenchFigures {
  clients: number;
  delivery: DeliveryFigures;
  slowConsumer: SlowConsumerFigures;
  abuse: AbuseFigures;
}

const ms = (value: number): string => `${value.toFixed(2)} ms`;
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const yesNo = (value: boolean): string => (value ? 'yes' : 'no');
const sleep = (delayMs: number) => new Promise((resolve) => setTimeout(resolve, delayMs));

export async function runHostBench(options: Partial<HostBenchOptions> = {}): Promise<string[]> {
  const figures = await measureHost({ ...DEFAULTS, ...options });
  const { clients, delivery, slowConsumer: slow, abuse } = figures;
  const abuseOutcome =
    abuse.failures.length === 0
      ? 'refused'
      : `${abuse.sent - abuse.failures.length} refused as they should be (first wrong: ${abuse.failures[0]})`;
  return [
    `host: ${clients} clients, ${delivery.patches} patches each, all delivered: ${yesNo(delivery.allDelivered)}, p50 ${ms(delivery.p50Ms)}, p95 ${ms(delivery.p95Ms)} (target ${P1_TARGET_MS} ms), ${delivery.perSecond.toFixed(0)} patches a second`,
    slow.cutOff
      ? `host: a page that stopped reading cut off after ${mib(slow.hostBufferedBytes)} held by the host (+ ${mib(slow.osBufferedBytes)} in the OS's socket buffers), ${slow.patches} patches of ${Math.round(slow.patchBytes / 1024)} KiB; the ${clients} others meanwhile: all delivered: ${yesNo(slow.others.allDelivered)}, p95 ${ms(slow.others.p95Ms)} (${ms(slow.baseline.p95Ms)} with no page stalled)`
      : `host: a page that stopped reading was never cut off (${slow.patches} patches)`,
    `host: ${abuse.sent} bad requests/frames ${abuseOutcome} in ${abuse.elapsedMs.toFixed(0)} ms, host still serving: ${yesNo(abuse.stillServing)}`,
  ];
}

export async function measureHost(options: HostBenchOptions): Promise<HostBenchFigures> {
  const game = createSyntheticGame(3);
  const pipeline = createLivePipeline({ answer: (path) => game.answer(path) });
  const test = await startTestHost({ hub: pipeline.hub });
  const pages: WebSocket[] = [];
  try {
    // A game two minutes in, so patches are the steady ones a page sees.
    for (let second = 0; second < 120; second += 1) {
      game.step();
      await pipeline.poll();
    }
    pages.push(...(await openPages(test, options.clients)));
    const delivery = await measureDelivery(test.hub, pages, options.polls, options.intervalMs, async () => {
      game.step();
      await pipeline.poll();
    });
    const slowConsumer = await measureSlowConsumer(test, pages, options);
    const abuse = await measureAbuse(test, pages, options.badInputs);
    return { clients: options.clients, delivery, slowConsumer, abuse };
  } finally {
    for (const page of pages) page.terminate();
    await test.close();
    pipeline.stop();
  }
}

/** Opens `count` pages with the companion token, each holding its first snapshot. */
async function openPages(test: TestHost, count: number): Promise<WebSocket[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const page = openSocket(test.host.port, { token: TEST_TOKENS.companion });
      const snapshot = nextFrames(page, 1);
      await opened(page);
      await snapshot;
      return page;
    }),
  );
}

/**
 * Runs `push` `rounds` times, `intervalMs` apart (or until `stop` says so), and notes for every patch the hub
 * publishes meanwhile when each page has it parsed.
 */
async function measureDelivery(
  hub: StateHub<AppState>,
  pages: WebSocket[],
  rounds: number,
  intervalMs: number,
  push: (round: number) => Promise<void> | void,
  stop: () => boolean = () => false,
): Promise<DeliveryFigures> {
  const publishedAt = new Map<number, number>();
  const unsubscribe = hub.subscribe((message) => {
    if (message.kind === 'patch') publishedAt.set(message.seq, performance.now());
  });
  const latencies: number[] = [];
  const received = pages.map((): number[] => []);
  const listeners = pages.map((page, index) => {
    const listener = (data: unknown): void => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      const at = performance.now();
      if (frame.type !== 'state' || frame.message.kind !== 'patch') return;
      const sentAt = publishedAt.get(frame.message.seq);
      if (sentAt === undefined) return;
      latencies.push(at - sentAt);
      received[index]?.push(frame.message.seq);
    };
    page.on('message', listener);
    return listener;
  });
  try {
    const started = performance.now();
    for (let round = 1; round <= rounds && !stop(); round += 1) {
      await push(round);
      await sleep(intervalMs);
    }
    const published = [...publishedAt.keys()];
    const perSecond = published.length / ((performance.now() - started) / 1000);
    const everyPage = () => received.every((seqs) => seqs.length >= published.length);
    const deadline = performance.now() + DELIVERY_WAIT_MS;
    while (!everyPage() && performance.now() < deadline) await sleep(5);
    const inOrder = received.every((seqs) => seqs.join() === published.join());
    return {
      patches: published.length,
      perSecond,
      allDelivered: published.length > 0 && inOrder,
      p50Ms: percentile(latencies, 0.5),
      p95Ms: percentile(latencies, 0.95),
    };
  } finally {
    unsubscribe();
    pages.forEach((page, index) => {
      const listener = listeners[index];
      if (listener) page.off('message', listener);
    });
  }
}

/**
 * The same stream of larger patches twice: first as a baseline, then with one more page that never reads,
 * until the host cuts it off. That page then reads what still reached it: the OS's share of the bound.
 */
async function measureSlowConsumer(
  test: TestHost,
  pages: WebSocket[],
  options: HostBenchOptions,
): Promise<SlowConsumerFigures> {
  const { hub, logLines } = test;
  const bytes = options.slowPatchBytes;
  const push = (round: number) => pushLargePatch(hub, round, bytes);
  const dropLine = () => logLines.find((line) => line.includes('host dropped a page that stopped reading'));

  // About as many patches as the cut takes: the host's bound, and as much again in the OS's buffers.
  const baselineRounds = Math.ceil((2 * MAX_BUFFERED_BYTES) / bytes);
  const baseline = await measureDelivery(hub, pages, baselineRounds, options.intervalMs, (round) =>
    push(-round),
  );

  const stalled = await openRawWebSocket(test.host.port, `/ws?token=${TEST_TOKENS.companion}`);
  let patches = 0;
  const others = await measureDelivery(
    hub,
    pages,
    Math.ceil(SLOW_CONSUMER_GIVE_UP_BYTES / bytes),
    options.intervalMs,
    (round) => {
      patches += 1;
      push(round);
    },
    () => dropLine() !== undefined,
  );
  const line = dropLine();
  let osBufferedBytes = 0;
  await new Promise<void>((resolve) => {
    stalled.on('data', (data: Buffer) => (osBufferedBytes += data.length));
    stalled.on('close', () => resolve());
    if (line === undefined) stalled.destroy();
    stalled.resume();
  });
  const held =
    line === undefined ? 0 : Number((JSON.parse(line) as { bufferedBytes?: string }).bufferedBytes);
  return {
    cutOff: line !== undefined,
    hostBufferedBytes: held,
    osBufferedBytes,
    patches,
    patchBytes: bytes,
    others,
    baseline,
  };
}

/**
 * Sends the bad inputs while the pages stay connected, then checks they still are, and that a new page
 * still gets its page, its snapshot and a patch.
 */
async function measureAbuse(test: TestHost, pages: WebSocket[], count: number): Promise<AbuseFigures> {
  const report = await sendBadInputs(test.host.port, count);
  const page = openSocket(test.host.port, { token: TEST_TOKENS.companion });
  try {
    const frames = nextFrames(page, 2);
    await opened(page);
    pushLargePatch(test.hub, -1, 16);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<ServerFrame[]>(
      (resolve) => (timer = setTimeout(() => resolve([]), DELIVERY_WAIT_MS)),
    );
    const [snapshot, patch] = await Promise.race([frames, late]).finally(() => clearTimeout(timer));
    const served = (await get(test.host.port, `/?token=${TEST_TOKENS.companion}`)).status === 200;
    const stillServing =
      served &&
      pages.every((open) => open.readyState === open.OPEN) &&
      snapshot?.type === 'state' &&
      snapshot.message.kind === 'snapshot' &&
      patch?.type === 'state';
    return { ...report, stillServing };
  } finally {
    page.terminate();
  }
}
