import type { LookupFunction } from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { OVERLAY_ROUTES } from '@shared/contract';
import { startCore, type Core } from '../startCore';
import { openLogFile } from '../../platform/log/logFile';
import {
  createPaymentLock,
  readPaymentLockEnvironment,
  STRIKES_BEFORE_LOCK,
  type PaymentLock,
  type PaymentSummary,
} from '../../features/store/storeFeature';
import { createMemorySecretStore } from '../../platform/secrets/secretStore';
import { defaultDataDir, readEnvironment } from '../../platform/settings/environment';

export interface ServeOptions {
  env: NodeJS.ProcessEnv;
  rendererDir: string;
  resourcesDir: string;
  out: (line: string) => void;
  /** game.cfg files or game folders named with `--cfg`: the replay page may switch those. */
  gameCfgPaths?: readonly string[];
  /** How host names are resolved (Node's DNS lookup by default): the fault matrix makes DNS fail with it. */
  lookup?: LookupFunction;
  /** The terminal's input (stdin): the person at it types `unlock` to take payment codes again. */
  input?: NodeJS.ReadableStream;
}

/** What the person at the terminal types to take payment codes again once they locked. */
export const UNLOCK_COMMAND = 'unlock';

/** `serve [--cfg <path>]…`: a game.cfg typed on the command line, as `replay enable --cfg` takes one. */
export function parseServeArgs(argv: string[]): Pick<ServeOptions, 'gameCfgPaths'> {
  const { values } = parseArgs({ args: argv, options: { cfg: { type: 'string', multiple: true } } });
  return { gameCfgPaths: (values.cfg ?? []).map((path) => resolve(path)) };
}

/**
 * `sightline serve`: the core and browser host without Electron. Its output is an interface for
 * tooling: the companion URL first, then one line per overlay.
 */
export async function serve(options: ServeOptions): Promise<Core> {
  const env = readEnvironment(options.env);
  const dataDir = env.dataDir ?? defaultDataDir(process.platform, options.env);
  let started: Core | null = null;
  const logFile = await openLogFile(dataDir, (error) => started?.dataFolder.writeFailed(error, 'the log'));
  const paymentLock = createPaymentLock({
    onLocked: () => options.out(PAYMENT_CODES_LOCKED_LINE),
    ...readPaymentLockEnvironment(options.env),
  });
  const core = await startCore({
    mode: 'browser',
    dataDir,
    env,
    variables: options.env,
    rendererDir: options.rendererDir,
    resourcesDir: options.resourcesDir,
    secretStore: createMemorySecretStore(),
    gameCfgPaths: options.gameCfgPaths,
    lookup: options.lookup,
    // The terminal is what a page holding the URL cannot see: a store payment's code is shown only here.
    showPaymentCode: (code, summary) => options.out(paymentCodeLine(code, summary)),
    paymentLock,
    log: (line) => logFile.write(`${line}\n`),
  });
  started = core;
  for (const line of serveBanner(core)) options.out(line);
  if (core.settings.loadProblem) options.out(`warning: ${core.settings.loadProblem}`);
  const stopListening = options.input ? listenForUnlock(options.input, paymentLock, options.out) : null;
  return {
    ...core,
    stop: async () => {
      stopListening?.();
      await core.stop();
      logFile.end();
    },
  };
}

/** Reads the lines typed in `serve`'s terminal: `unlock` takes payment codes again. Returns how to stop. */
export function listenForUnlock(
  input: NodeJS.ReadableStream,
  lock: Pick<PaymentLock, 'unlock'>,
  out: (line: string) => void,
): () => void {
  const lines = createInterface({ input, terminal: false });
  lines.on('line', (line) => {
    if (line.trim().toLowerCase() !== UNLOCK_COMMAND) return;
    out(lock.unlock() ? 'payment codes: unlocked' : 'payment codes: not locked');
  });
  return () => lines.close();
}

/** Printed once payment codes lock: why, that nothing was paid, and how the person here lifts it. */
export const PAYMENT_CODES_LOCKED_LINE = `payment codes: locked after ${STRIKES_BEFORE_LOCK} wrong codes, nothing was paid; type "${UNLOCK_COMMAND}" and press Enter here to take codes again`;

export function serveBanner(core: Pick<Core, 'host'>): string[] {
  return [
    `companion: ${core.host.url('/')}`,
    // Overlay links carry the read-only overlay token: they are pasted into OBS and shown on stream, in a
    // browser source of the size that follows the URL.
    ...OVERLAY_ROUTES.map(
      (route) =>
        `overlay ${route.name}: ${core.host.url(route.path, 'overlay')} (${route.width}×${route.height})`,
    ),
  ];
}

/** One line per "Pay" click: the code to type on the companion page, and what it pays for. */
export function paymentCodeLine(code: string, summary: PaymentSummary): string {
  const items = summary.lines.map((line) => `${line.title} × ${line.quantity}`);
  const shown = items.length > 3 ? [...items.slice(0, 3), `${items.length - 3} more`] : items;
  const method = summary.paymentMethod ? ` with ${summary.paymentMethod}` : '';
  return `payment code: ${code} (to pay ${summary.total} to ${summary.merchant}${method} for ${shown.join(', ')}; type it on the companion page)`;
}
