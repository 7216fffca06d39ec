import { performance } from 'node:perf_hooks';
import { applyPatch, type AppState, type StateMessage } from '@shared/contract';
import { findRendererDir, launchChromium } from '../chromium';
import { percentile } from '../latency';
import { createRequestRouter } from '../../../platform/router/requestRouter';
import { startBrowserHost } from '../../../transport/host/browserHost';
import { createAudienceFeeds } from '../../../platform/hub/audienceFeeds';
import { createHostTokens } from '../../../transport/host/hostTokens';
import { silentLogger } from '../../../platform/log/logger';
import { stubHandlers } from '../../testkit/stubHandlers';
import { createLivePipeline } from './livePipeline';
import { createSyntheticGame } from './syntheticGame';

/**
 * Response received → DOM updated. Measured end to end in Chromium when it is there: the poll's last
 * response is handed to the watcher at t0; the patch goes through the hub and the browser host's
 * WebSocket to the real renderer on /scoreboard, where a MutationObserver notes when the changed
 * cell is in the DOM (after React's commit). Both clocks are the machine's (performance.timeOrigin).
 */

const BENCH_TOKEN = 'bench-token-0123456789abcdef';

export interface LatencyFigures {
  where: 'chromium' | 'headless';
  rounds: number;
  p50Ms: number;
  p95Ms: number;
  note: string;
  /**
   * In Chromium, the legs of the path: to the page's WebSocket, split into the core's work up to the host's send
   * and the hop from the host's socket to the page's (Chromium's network process, then the page's); then to the DOM.
   */
  legs?: { toPage: Percentiles; core: Percentiles; socket: Percentiles; inPage: Percentiles };
}

export interface Percentiles {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

const percentilesOf = (values: number[]): Percentiles => ({
  p50Ms: percentile(values, 0.5),
  p95Ms: percentile(values, 0.95),
  maxMs: Math.max(...values),
});

const epochNow = (): number => performance.timeOrigin + performance.now();

// Runs in the page (as text: this module is compiled without the DOM's types). Notes when each new value of the
// first player's CS cell reaches the DOM, and hands it to whoever asked for that value (window.csShownAt): the page
// runs nothing else while it waits, as a polling timer would add its own work to the very thread measured.
const WATCH_CS_CELL = `(() => {
  const seen = {};
  const waiting = {};
  const cell = document.querySelector('[data-testid="player-cs"]');
  if (!cell) throw new Error('no CS cell');
  window.csShownAt = (key) => new Promise((resolve, reject) => {
    if (seen[key] !== undefined) return resolve(seen[key]);
    const giveUp = setTimeout(() => reject(new Error('the CS cell never showed ' + key)), 5000);
    waiting[key] = (at) => {
      clearTimeout(giveUp);
      resolve(at);
    };
  });
  new MutationObserver(() => {
    const key = cell.textContent ?? '';
    if (seen[key] !== undefined) return;
    seen[key] = performance.timeOrigin + performance.now();
    waiting[key]?.(seen[key]);
    delete waiting[key];
  }).observe(cell, { childList: true, characterData: true, subtree: true });
})()`;

// Runs in the page before its own scripts: notes when the last WebSocket message arrived (the bridge's socket is
// the page's only one), before the page's handler parses it.
const NOTE_SOCKET_ARRIVALS = `(() => {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => (window.lastMessageAt = performance.timeOrigin + performance.now()));
    }
  };
})()`;

/** In the page: resolves with the time the CS cell first showed `value` (no eval: the page's CSP forbids it). */
const csShownAt = (value: number): string => `window.csShownAt(${JSON.stringify(String(value))})`;

/**
 * How long the bench leaves the page alone after a poll before asking it when the value showed: the question
 * (a DevTools message) would otherwise reach the page's main thread beside the patch, and be measured with it.
 */
const QUIET_AFTER_POLL_MS = 40;

export async function measureDomLatency(rounds = 200): Promise<LatencyFigures> {
  const rendererDir = findRendererDir();
  const browser = rendererDir ? await launchChromium() : null;
  if (!rendererDir || !browser) return measureHeadless(rounds);

  const game = createSyntheticGame(3);
  let receivedAt = 0;
  /** When the hub published the poll's patch, noted by its next listener after the page's: just after the send. */
  let sentAt = 0;
  const pipeline = createLivePipeline({
    answer: (path) => game.answer(path),
    onResponses: () => {
      receivedAt = epochNow();
      sentAt = 0;
    },
  });
  const host = await startBrowserHost({
    port: 0,
    tokens: createHostTokens({ companion: BENCH_TOKEN, overlay: `${BENCH_TOKEN}-overlay` }),
    rendererDir,
    router: createRequestRouter(stubHandlers({}), silentLogger),
    feeds: createAudienceFeeds(pipeline.hub),
    logger: silentLogger,
  });
  try {
    for (let second = 0; second < 120; second += 1) {
      game.step();
      await pipeline.poll();
    }
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript(NOTE_SOCKET_ARRIVALS);
    await page.goto(host.url('/scoreboard'));
    await page.waitForSelector('[data-testid="player-cs"]', { timeout: 20_000 });
    await page.evaluate(WATCH_CS_CELL);
    // The page opened with the companion's token, so its feed is the hub itself: subscribed after the page's, this
    // listener runs right after the host sent the patch.
    pipeline.hub.subscribe(() => (sentAt ||= epochNow()));
    const latencies: number[] = [];
    const toPage: number[] = [];
    const core: number[] = [];
    const socket: number[] = [];
    const inPage: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      game.step();
      const creepScore = game.bumpCreepScore(0);
      await pipeline.poll();
      await new Promise((resolve) => setTimeout(resolve, QUIET_AFTER_POLL_MS));
      const shownAt = Number(await page.evaluate(csShownAt(creepScore)));
      const arrivedAt = Number(await page.evaluate('window.lastMessageAt'));
      latencies.push(shownAt - receivedAt);
      toPage.push(arrivedAt - receivedAt);
      // Noted after the send, so late when the page's processes took the CPU at the send: it came before the page had it.
      const sendAt = Math.min(sentAt, arrivedAt);
      core.push(sendAt - receivedAt);
      socket.push(arrivedAt - sendAt);
      inPage.push(shownAt - arrivedAt);
    }
    return {
      where: 'chromium',
      rounds,
      p50Ms: percentile(latencies, 0.5),
      p95Ms: percentile(latencies, 0.95),
      note: 'poll responses in → watcher → hub → WebSocket → renderer → React commit, in Chromium',
      legs: {
        toPage: percentilesOf(toPage),
        core: percentilesOf(core),
        socket: percentilesOf(socket),
        inPage: percentilesOf(inPage),
      },
    };
  } finally {
    await browser.close();
    await host.close();
    pipeline.stop();
  }
}

/** Without a browser: the core path plus the view's share that needs no DOM (wire JSON, patch apply). */
async function measureHeadless(rounds: number): Promise<LatencyFigures> {
  const game = createSyntheticGame(3);
  let receivedAt = 0;
  let view: unknown = null;
  const latencies: number[] = [];
  const pipeline = createLivePipeline({
    answer: (path) => game.answer(path),
    onResponses: () => (receivedAt = performance.now()),
    onMessage: (message: StateMessage<AppState>) => {
      const wire = JSON.parse(JSON.stringify(message)) as StateMessage<AppState>;
      view = wire.kind === 'snapshot' ? wire.state : applyPatch(view, wire.ops);
    },
  });
  for (let second = 0; second < 120 + rounds; second += 1) {
    game.step();
    await pipeline.poll();
    if (second >= 120) latencies.push(performance.now() - receivedAt);
  }
  pipeline.stop();
  return {
    where: 'headless',
    rounds,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    note: 'no Chromium found: core path + wire JSON + patch apply only, without React or the DOM',
  };
}
