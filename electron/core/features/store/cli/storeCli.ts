import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CRYPTO_PAYMENT_REFUSAL } from '@shared/store/forbiddenPayment';
import { formatMoney } from '@shared/contract/money';
import { missingArgument, unexpectedArgument, unknownWord, UsageError } from '@shared/cli/usageError';
import { createLogger } from '../../../platform/log/logger';
import { createHttpClient } from '../../../platform/net/httpClient';
import { realScheduler } from '../../../platform/polling/poller';
import { defaultDataDir, readEnvironment } from '../../../platform/settings/environment';
import { SettingsStore } from '../../../platform/settings/settingsStore';
import { connectStore, type StoreConnectionOptions } from '../checkout/storeConnection';
import { discoverStore } from '../checkout/storeDiscovery';
import { StoreFailure } from '../checkout/storeFailure';
import { readStoreUrlPolicy } from '../storeUrl';
import type { CommandIo } from '../../../platform/cli/commandIo';

/** `store search` lines are read by scripts (README, "Command line"): their prices keep one fixed form. */
const SCRIPTED_MONEY_LOCALE = 'en-US';

export const STORE_USAGE = `Usage: sightline store <command>

  discover <url>            the store's protocol profile, four lines and one per service it calls:
                              version: <negotiated version>
                              transport: mcp
                              endpoint: <tool endpoint URL>
                              payment handlers: <name>[ (refused: crypto-currency)], …
                              service <name>: <version negotiated for it> (mcp)
                            exit code 1 when every handler is refused (Sightline would never pay there)
  search <url> <query> [--profile <agent profile URL>] [--country US] [--currency USD] [--limit N]
                            one line per product, tab-separated:
                              <title>\\t<price>\\t<variant ID>
                            (the first available variant; the price formatted in its currency);
                            no hits: "no products match <query>" on stderr, exit code 0

Store URLs must be https; plain http only for a loopback store with SIGHTLINE_ALLOW_INSECURE_LOOPBACK=1.
The agent profile, country and currency default to the app's settings (store.agentProfile, store.country,
store.currency); a fresh data folder's agent profile is Shopify's published sample profile. Rate-limit waits and errors go to stderr; exit code 0 on success, 1 on failure, 2 on usage.`;

/** `sightline store …`: the same discovery, negotiation and tool calls as the app. */
export async function runStoreCommand(argv: string[], io: CommandIo): Promise<number> {
  // An unknown option or a flag without its value throws: the CLI turns it into one line and exit 2.
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      profile: { type: 'string' },
      country: { type: 'string' },
      currency: { type: 'string' },
      limit: { type: 'string' },
    },
    allowPositionals: true,
  });
  const [action, url, ...queryWords] = positionals;
  const query = queryWords.join(' ');
  if (action !== 'discover' && action !== 'search')
    throw unknownWord('command', action, ['discover', 'search']);
  if (!url) throw missingArgument('<url>');
  if (action === 'discover' && queryWords[0] !== undefined) throw unexpectedArgument(queryWords[0]);
  if (action === 'search' && !query) throw missingArgument('<query>');
  const limit = values.limit === undefined ? 10 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 50)
    throw new UsageError('--limit must be a whole number from 1 to 50');

  const http = createHttpClient();
  const policy = readStoreUrlPolicy(io.env);
  try {
    if (action === 'discover') {
      const profile = await discoverStore(url, { http, policy, now: Date.now });
      io.out(`version: ${profile.version}`);
      io.out(`transport: ${profile.transport}`);
      io.out(`endpoint: ${profile.endpoint}`);
      const handlers = profile.paymentHandlers;
      io.out(
        `payment handlers: ${
          handlers
            .map(
              (handler) => `${oneLine(handler.name)}${handler.refusal ? ' (refused: crypto-currency)' : ''}`,
            )
            .join(', ') || 'none listed'
        }`,
      );
      for (const service of profile.services) {
        io.out(`service ${oneLine(service.name)}: ${oneLine(service.version)} (${service.transport})`);
      }
      const refused = handlers.filter((handler) => handler.refusal !== null);
      if (refused.length > 0 && refused.length === handlers.length) {
        io.err(
          `Sightline will not pay at this store: it offers only ${refused.map((handler) => oneLine(handler.name)).join(', ')}, ${CRYPTO_PAYMENT_REFUSAL}.`,
        );
        return 1;
      }
      return 0;
    }
    const store = await readStoreSettings(io);
    const options: StoreConnectionOptions = {
      http,
      policy,
      agentProfile: () => values.profile ?? store.agentProfile,
      buyer: () => ({
        country: (values.country ?? store.country).toUpperCase(),
        currency: (values.currency ?? store.currency).toUpperCase(),
      }),
      now: Date.now,
      sleep: (ms) => new Promise((resolve) => realScheduler.setTimeout(resolve, ms)),
      onRateLimit: (notice) => {
        if (notice)
          io.err(`rate limited: the store asked us to wait ${notice.retryAfterSeconds} s (${notice.tool})`);
      },
    };
    const { shopper } = await connectStore(url, options);
    const result = await shopper.search(query, { limit });
    if (result.products.length === 0) io.err(`no products match ${oneLine(query)}`);
    for (const product of result.products) {
      const variant =
        product.variants.find((candidate) => candidate.available !== false) ?? product.variants[0];
      if (!variant) continue;
      io.out(
        `${oneLine(product.title)}\t${formatMoney(variant.price, SCRIPTED_MONEY_LOCALE)}\t${variant.id}`,
      );
    }
    return 0;
  } catch (error) {
    if (!(error instanceof StoreFailure)) throw error;
    io.err(error.message);
    if (error.continueUrl) io.err(`continue at: ${error.continueUrl}`);
    return 1;
  } finally {
    http.close();
  }
}

async function readStoreSettings(io: CommandIo) {
  const env = readEnvironment(io.env);
  const dataDir = env.dataDir ?? defaultDataDir(process.platform, io.env);
  const logger = createLogger((line) => io.err(line), 'error');
  const settings = await SettingsStore.open(join(dataDir, 'settings.json'), env, logger);
  return settings.effective.store;
}

/** Merchant titles are untrusted: tabs, newlines and terminal escapes would break the line or the terminal. */
function oneLine(text: string): string {
  return text.replace(/\p{Cc}+/gu, ' ').trim();
}
