import { randomUUID } from 'node:crypto';
import {
  AppRequestError,
  INITIAL_STORE_CHECKOUT_STATE,
  seenTotalsOf,
  type AppErrorCode,
  type StoreCatalogSearchOutcome,
  type StoreCheckoutErrorCode,
  type StoreCheckoutRequestOutputs,
  type StoreCheckoutState,
  type StoreCheckoutView,
  type StoreCompleteOutcome,
  type StoreHandoff,
  type StoreSeenTotal,
} from '@shared/contract';
import type { Feature, FeatureContext } from '../../feature/feature';
import type { StoreImageAllowlist } from '../storeImageAllowlist';
import { checkStoreUrl, readStoreUrlPolicy, type StoreUrlPolicy } from '../storeUrl';
import { createApprovalGate, newConfirmationCode, orderTerms, sameTotals } from './approvalGate';
import { paymentSummaryOf, type ConfirmPayment, type ShowPaymentCode } from './paymentSummary';
import { connectStore, type StoreConnection } from './storeConnection';
import { StoreFailure } from './storeFailure';

type Channels = keyof StoreCheckoutRequestOutputs;

export interface StoreCheckoutFeatureOptions {
  /** Desktop: opens the store's continue_url in the system browser. Absent in browser mode (the view shows the link). */
  openExternal?: (url: string) => Promise<void>;
  /**
   * Desktop: Sightline's own dialog with the totals, answered right before complete_checkout is sent. A page
   * holding the host's URL can click "Pay" for itself, but cannot answer this.
   */
  confirmPayment?: ConfirmPayment;
  /**
   * Browser mode: where each "Pay" click's one-time code is shown (the terminal running `sightline serve`),
   * never to a page; complete takes it back. With neither this nor `confirmPayment`, nothing can be paid.
   */
  showPaymentCode?: ShowPaymentCode;
  /** Default: from the environment (SIGHTLINE_ALLOW_INSECURE_LOOPBACK=1 allows http loopback stores). */
  policy?: StoreUrlPolicy;
  newId?: () => string;
  approvalTtlMs?: number;
  /** Where the images of search hits, cart and checkout lines are remembered, for the catalog's image request. */
  images?: StoreImageAllowlist;
}

const ERROR_CODES: Record<StoreCheckoutErrorCode, AppErrorCode> = {
  'not-configured': 'bad-input',
  'bad-url': 'bad-input',
  'invalid-input': 'bad-input',
  'approval-refused': 'bad-input',
  'no-checkout': 'not-found',
  'version-unsupported': 'unsupported',
  'no-endpoint': 'unsupported',
  'tool-missing': 'unsupported',
  'discovery-failed': 'io',
  'rate-limited': 'io',
  'store-error': 'io',
  network: 'io',
};

/** Failures that mean the store has no agent interface Sightline can search with (not that a call failed). */
const NO_AGENT_INTERFACE: ReadonlySet<StoreCheckoutErrorCode> = new Set([
  'discovery-failed',
  'version-unsupported',
  'no-endpoint',
  'tool-missing',
]);

function refuse(code: StoreCheckoutErrorCode, message: string): never {
  throw new StoreFailure(code, message);
}

/**
 * The merch store's agent checkout: discovery, search, cart and checkout through the store's tools,
 * and complete_checkout only with a one-time approval minted by the buyer's "Pay" click for exactly
 * the checkout and totals on screen, confirmed by the person at this machine outside the page (Sightline's
 * dialog, or the code printed in the terminal). Everything else ends at the store's continue_url.
 */
export function createStoreCheckoutFeature(
  context: FeatureContext,
  options: StoreCheckoutFeatureOptions = {},
): Feature<Channels> {
  const { hub, scheduler, settings } = context;
  const policy = options.policy ?? readStoreUrlPolicy(process.env);
  const newId = options.newId ?? randomUUID;
  const gate = createApprovalGate({
    now: () => scheduler.now(),
    newId,
    ...(options.approvalTtlMs ? { ttlMs: options.approvalTtlMs } : {}),
  });
  const sleep = (ms: number): Promise<void> => new Promise((resolve) => scheduler.setTimeout(resolve, ms));
  const store = () => settings.effective.store;

  let state: StoreCheckoutState = INITIAL_STORE_CHECKOUT_STATE;
  const publish = (patch: Partial<StoreCheckoutState>): void => {
    state = { ...state, ...patch };
    options.images?.remember(
      [...(state.cart?.lineItems ?? []), ...(state.checkout?.lineItems ?? [])].map((line) => line.imageUrl),
    );
    hub.set('store', state);
  };

  let connection: { url: string; promise: Promise<StoreConnection> } | null = null;
  const connect = (refresh = false): Promise<StoreConnection> => {
    const url = store().url;
    if (refresh || !connection || connection.url !== url) {
      const promise = connectStore(url, {
        http: context.http,
        policy,
        agentProfile: () => store().agentProfile,
        buyer: () => ({ country: store().country, currency: store().currency }),
        now: () => scheduler.now(),
        sleep,
        newIdempotencyKey: newId,
        onRateLimit: (notice) => publish({ rateLimit: notice }),
      });
      connection = { url, promise };
      promise.then(
        ({ profile }) => {
          if (connection?.promise === promise) publish({ profile });
        },
        () => {
          // A failed discovery is not kept (the next request tries again), nor is the profile it replaced.
          if (connection?.promise !== promise) return;
          connection = null;
          if (state.profile) publish({ profile: null });
        },
      );
    }
    return connection.promise;
  };
  const unsubscribe = settings.onChange((next) => {
    if (connection && connection.url !== next.store.url) {
      connection = null;
      gate.clear();
      publish({ ...INITIAL_STORE_CHECKOUT_STATE });
    }
  });

  // One store operation at a time, so a cart or checkout is never updated from two stale copies.
  let queue: Promise<unknown> = Promise.resolve();
  const run = <T>(label: string, operation: () => Promise<T>): Promise<T> => {
    const next = queue.then(async () => {
      publish({ pending: label });
      try {
        const value = await operation();
        publish({ pending: null, lastError: null });
        return value;
      } catch (error) {
        const failure =
          error instanceof StoreFailure
            ? error
            : new StoreFailure('store-error', `${label} failed unexpectedly.`);
        if (!(error instanceof StoreFailure))
          context.logger.error('store operation failed', { label, error: String(error) });
        publish({
          pending: null,
          rateLimit: null,
          lastError: { code: failure.code, message: failure.message, at: scheduler.now() },
        });
        throw new AppRequestError({ code: ERROR_CODES[failure.code], message: failure.message });
      }
    });
    queue = next.catch(() => undefined);
    return next;
  };

  const currentCart = () => state.cart ?? refuse('no-checkout', 'There is no cart yet: add something first.');
  const currentCheckout = (checkoutId?: string): StoreCheckoutView => {
    const checkout =
      state.checkout ?? refuse('no-checkout', 'There is no checkout yet: check out the cart first.');
    if (checkoutId !== undefined && checkout.id !== checkoutId) {
      refuse('approval-refused', 'That is not the current checkout: review the order again.');
    }
    return checkout;
  };
  const setCheckout = (checkout: StoreCheckoutView): StoreCheckoutView => {
    const escalation =
      checkout.status === 'requires_escalation' && checkout.continueUrl
        ? {
            url: checkout.continueUrl,
            reason: 'requires_escalation' as const,
            message: 'The store needs you to finish this order on its own page.',
            opened: false,
          }
        : null;
    publish({ checkout, order: checkout.order ?? state.order, handoff: escalation ?? state.handoff });
    return checkout;
  };

  const handOff = async (
    url: string,
    reason: StoreHandoff['reason'],
    message: string,
  ): Promise<StoreHandoff> => {
    const checked = checkStoreUrl(url, policy);
    if (!checked.ok)
      throw new StoreFailure('store-error', `The store's continue URL is unsafe: ${checked.reason}`);
    let opened = false;
    if (options.openExternal) {
      try {
        await options.openExternal(checked.url.toString());
        opened = true;
      } catch (error) {
        context.logger.warn('could not open the store in the browser', { error: String(error) });
      }
    }
    const handoff: StoreHandoff = { url: checked.url.toString(), reason, message, opened };
    publish({ handoff });
    return handoff;
  };

  const confirmInDialog = async (
    confirm: ConfirmPayment,
    checkout: StoreCheckoutView,
    pageLocale: string | undefined,
  ): Promise<boolean> => {
    try {
      return await confirm(paymentSummaryOf(checkout, store().url, pageLocale));
    } catch (error) {
      context.logger.warn('the payment confirmation dialog failed', { error: String(error) });
      return false;
    }
  };

  const complete = async (
    checkoutId: string,
    approvalId: string,
    seen: readonly StoreSeenTotal[],
    code: string | undefined,
    pageLocale: string | undefined,
  ): Promise<StoreCompleteOutcome> => {
    const approval = gate.take(approvalId, checkoutId, seen, code?.replace(/\s+/g, ''));
    if (!approval.ok && approval.codeTriesLeft !== undefined) {
      return { kind: 'not-confirmed', message: approval.reason, retry: approval.codeTriesLeft > 0 };
    }
    if (!approval.ok) refuse('approval-refused', approval.reason);
    currentCheckout(checkoutId);
    const { shopper } = await connect();
    // The store's order now, not the one cached on screen: a change means a new approval.
    const fresh = setCheckout(await shopper.getCheckout(checkoutId));
    if (!sameTotals(seenTotalsOf(fresh), seen)) {
      refuse(
        'approval-refused',
        'The store’s totals changed since you approved: review the order and click "Pay" again.',
      );
    }
    if (orderTerms(fresh) !== approval.terms) {
      refuse(
        'approval-refused',
        'The order changed at the store since you approved (items, address, shipping or payment): review it and click "Pay" again.',
      );
    }
    if (!fresh.agentCanComplete) {
      if (!fresh.continueUrl)
        refuse('store-error', fresh.completeBlockedReason ?? 'The store cannot take this order.');
      const reason = fresh.status === 'requires_escalation' ? 'requires_escalation' : 'agent-cannot-complete';
      return {
        kind: 'handoff',
        checkout: fresh,
        handoff: await handOff(fresh.continueUrl, reason, fresh.completeBlockedReason ?? ''),
      };
    }
    if (options.confirmPayment && !(await confirmInDialog(options.confirmPayment, fresh, pageLocale))) {
      return {
        kind: 'not-confirmed',
        message: 'Payment cancelled in the confirmation dialog.',
        retry: false,
      };
    }
    let placed: StoreCheckoutView;
    try {
      placed = await shopper.completeCheckout(fresh);
    } catch (error) {
      const url = error instanceof StoreFailure ? (error.continueUrl ?? fresh.continueUrl) : null;
      if (!(error instanceof StoreFailure) || error.code !== 'store-error' || !url) throw error;
      return {
        kind: 'handoff',
        checkout: fresh,
        handoff: await handOff(url, 'store-refused', `${error.message} Finish the order at the store.`),
      };
    }
    for (let attempt = 0; placed.status === 'complete_in_progress' && attempt < 5; attempt++) {
      await sleep(1000);
      placed = await shopper.getCheckout(checkoutId);
    }
    setCheckout(placed);
    if (placed.status === 'completed' && placed.order) {
      gate.clear();
      publish({ order: placed.order, handoff: null });
      return { kind: 'completed', checkout: placed, order: placed.order };
    }
    const url = placed.continueUrl ?? fresh.continueUrl;
    if (!url)
      refuse(
        'store-error',
        `The store left the order ${placed.status.replaceAll('_', ' ')} and gave no page to finish it.`,
      );
    const reason = placed.status === 'requires_escalation' ? 'requires_escalation' : 'store-refused';
    const message =
      placed.messages.find((item) => item.type === 'error')?.content ??
      'The store needs you to confirm this order on its own page.';
    return { kind: 'handoff', checkout: placed, handoff: await handOff(url, reason, message) };
  };

  return {
    handlers: {
      'store.checkout.discover': ({ refresh }) =>
        run('discovery', async () => (await connect(refresh)).profile),
      'store.checkout.searchCatalog': ({ query, limit, cursor }) =>
        run('search_catalog', async (): Promise<StoreCatalogSearchOutcome> => {
          // Every tool call must name the agent's profile; without one only the storefront can be searched.
          if (store().agentProfile === '') {
            return {
              kind: 'no-agent-interface',
              reason: 'No agent profile is set, so Sightline cannot use the store’s shopping tools.',
            };
          }
          try {
            const { shopper } = await connect();
            const found = await shopper.search(query, { limit, ...(cursor ? { cursor } : {}) });
            options.images?.remember(found.products.map((product) => product.imageUrl));
            return { kind: 'results', ...found };
          } catch (error) {
            if (error instanceof StoreFailure && NO_AGENT_INTERFACE.has(error.code)) {
              return { kind: 'no-agent-interface', reason: error.message };
            }
            throw error;
          }
        }),
      'store.checkout.createCart': ({ lines }) =>
        run('create_cart', async () => {
          const cart = await (await connect()).shopper.createCart(lines);
          gate.clear();
          publish({ cart, checkout: null, order: null, handoff: null });
          return cart;
        }),
      'store.checkout.updateCart': ({ lines }) =>
        run('update_cart', async () => {
          const cart = await (await connect()).shopper.updateCart(currentCart(), lines);
          gate.clear();
          publish({ cart, checkout: null, handoff: null });
          return cart;
        }),
      'store.checkout.createCheckout': () =>
        run('create_checkout', async () => {
          const checkout = await (await connect()).shopper.createCheckout(currentCart());
          gate.clear();
          return setCheckout(checkout);
        }),
      'store.checkout.updateCheckout': (changes) =>
        run('update_checkout', async () => {
          const current = currentCheckout();
          if (current.status === 'completed' || current.status === 'canceled') {
            refuse('no-checkout', `The checkout is ${current.status}; start a new one.`);
          }
          const checkout = await (await connect()).shopper.updateCheckout(current, changes);
          return setCheckout(checkout);
        }),
      'store.checkout.getCheckout': () =>
        run('get_checkout', async () =>
          setCheckout(await (await connect()).shopper.getCheckout(currentCheckout().id)),
        ),
      'store.checkout.approve': ({ checkoutId, totals, locale }) =>
        run('approval', async () => {
          const checkout = currentCheckout(checkoutId);
          if (!checkout.agentCanComplete) {
            refuse(
              'approval-refused',
              checkout.completeBlockedReason ?? 'This checkout cannot be paid from here.',
            );
          }
          if (!sameTotals(seenTotalsOf(checkout), totals)) {
            refuse(
              'approval-refused',
              'The totals shown are out of date: review the order and click "Pay" again.',
            );
          }
          if (options.confirmPayment) {
            return {
              ...gate.mint(checkoutId, totals, orderTerms(checkout)),
              confirmation: 'dialog' as const,
            };
          }
          if (!options.showPaymentCode) {
            refuse(
              'approval-refused',
              'This Sightline has no way to confirm a payment: finish the order at the store.',
            );
          }
          // The code goes only where the person at this machine sees it: not in this answer, not in pushed state.
          const code = newConfirmationCode();
          const approval = gate.mint(checkoutId, totals, orderTerms(checkout), code);
          options.showPaymentCode(code, paymentSummaryOf(checkout, store().url, locale));
          return { ...approval, confirmation: 'terminal-code' as const };
        }),
      'store.checkout.complete': ({ checkoutId, approvalId, totals, confirmationCode, locale }) =>
        run('complete_checkout', () => complete(checkoutId, approvalId, totals, confirmationCode, locale)),
      'store.checkout.handoff': () =>
        run('handoff', async () => {
          const checkout = state.checkout;
          const url = checkout?.continueUrl ?? state.cart?.continueUrl ?? null;
          if (!url) refuse('no-checkout', 'The store gave no page to continue at.');
          const escalated = checkout?.status === 'requires_escalation';
          return handOff(
            url,
            escalated ? 'requires_escalation' : 'agent-cannot-complete',
            escalated
              ? 'The store needs you to finish this order on its own page.'
              : 'Finish the order on the store’s own page.',
          );
        }),
      'store.checkout.reset': () =>
        run('reset', async () => {
          gate.clear();
          publish({ cart: null, checkout: null, order: null, handoff: null, rateLimit: null });
          return state;
        }),
    },
    pollers: [],
    stop: async () => {
      unsubscribe();
    },
  };
}
