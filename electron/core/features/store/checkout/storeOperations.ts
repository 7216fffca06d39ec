import {
  AppRequestError,
  INITIAL_STORE_STATE,
  type AppErrorCode,
  type StoreCheckoutErrorCode,
} from '@shared/contract';
import type { FeatureContext } from '../../../platform/feature/feature';
import type { StoreUrlPolicy } from '../storeUrl';
import type { ApprovalGate } from './approvalGate';
import type { CheckoutSlice } from './checkoutSlice';
import { connectStore, type StoreConnection } from './storeConnection';
import { StoreFailure } from './storeFailure';

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

/** The store of the settings, connected once, and its operations run one at a time. */
export interface StoreOperations {
  /** The store's profile and shopper, discovered again when `refresh` or when the store URL changed. */
  connect(refresh?: boolean): Promise<StoreConnection>;
  /** Runs one store operation after the others, its progress and failure in the slice. */
  run<T>(label: string, operation: () => Promise<T>): Promise<T>;
  stop(): void;
}

export function createStoreOperations(
  context: Pick<FeatureContext, 'http' | 'settings' | 'scheduler' | 'logger'>,
  deps: {
    slice: CheckoutSlice;
    gate: ApprovalGate;
    policy: StoreUrlPolicy;
    newId: () => string;
    sleep: (ms: number) => Promise<void>;
  },
): StoreOperations {
  const { settings, scheduler } = context;
  const { slice, gate, policy, newId, sleep } = deps;
  const store = () => settings.effective.store;

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
        onRateLimit: (notice) => slice.publish({ rateLimit: notice }),
      });
      connection = { url, promise };
      promise.then(
        ({ profile }) => {
          if (connection?.promise === promise) slice.publish({ profile });
        },
        () => {
          // A failed discovery is not kept (the next request tries again), nor is the profile it replaced.
          if (connection?.promise !== promise) return;
          connection = null;
          if (slice.state.profile) slice.publish({ profile: null });
        },
      );
    }
    return connection.promise;
  };
  // Another store: nothing of the old one's cart, checkout or approvals carries over.
  const unsubscribe = settings.onChange((next) => {
    if (connection && connection.url !== next.store.url) {
      connection = null;
      gate.clear();
      slice.publish({ ...INITIAL_STORE_STATE });
    }
  });

  // One store operation at a time, so a cart or checkout is never updated from two stale copies.
  let queue: Promise<unknown> = Promise.resolve();
  const run = <T>(label: string, operation: () => Promise<T>): Promise<T> => {
    const next = queue.then(async () => {
      slice.publish({ pending: label });
      try {
        const value = await operation();
        slice.publish({ pending: null, lastError: null });
        return value;
      } catch (error) {
        const failure =
          error instanceof StoreFailure
            ? error
            : new StoreFailure('store-error', `${label} failed unexpectedly.`);
        if (!(error instanceof StoreFailure))
          context.logger.error('store operation failed', { label, error: String(error) });
        slice.publish({
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

  return { connect, run, stop: unsubscribe };
}
