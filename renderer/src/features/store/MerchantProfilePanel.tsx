import type { StoreMerchantProfile } from '@shared/contract';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { formatClockTime } from '../../ui/locale/dateFormat';
import { merchantProfileFacts } from './merchantProfileFacts';
import { RequestError } from './StoreNotices';
import { useCheckoutState } from './useStoreCheckout';
import { useContractMutation } from '../../state/contractQueries';

/**
 * "Store details", closed until the buyer opens it (protocol facts are for the curious, not for paying):
 * the store's merchant profile from its discovery document: the protocol version both sides speak, the
 * versions the store lists, where the tool calls go, and what it offers (capabilities, payment handlers).
 * "Check the store" runs discovery again, so a store that changed its document is read afresh.
 */
export function MerchantProfilePanel() {
  const { profile, pending } = useCheckoutState();
  const discover = useContractMutation('store.checkout.discover', { input: () => ({ refresh: true }) });
  const busy = discover.isPending || pending === 'discovery';
  return (
    <details
      className="panel merchant-profile"
      data-testid="merchant-profile"
      data-state={profile ? 'discovered' : 'unknown'}
    >
      <summary data-testid="merchant-profile-summary">
        <h2 id="merchant-profile-title">Store details</h2>
      </summary>
      <div className="merchant-profile-head">
        <span className="muted">The store’s shopping protocol, as Sightline read it</span>
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => discover.mutate()}
          data-testid="merchant-profile-discover"
        >
          {busy ? 'Checking…' : profile ? 'Check again' : 'Check the store'}
        </button>
      </div>
      {profile ? (
        <ProfileFacts profile={profile} />
      ) : (
        <p className="muted" data-testid="merchant-profile-empty">
          Sightline reads the store’s profile (its <code>/.well-known/ucp</code>) before the first search or
          cart.
        </p>
      )}
      <RequestError error={discover.error} />
    </details>
  );
}

function ProfileFacts({ profile }: { profile: StoreMerchantProfile }) {
  const facts = merchantProfileFacts(profile);
  const locale = useDisplayLocale();
  return (
    <>
      <dl className="merchant-facts">
        <div>
          <dt>Protocol</dt>
          <dd>
            <span className="merchant-version" data-testid="merchant-version">
              {facts.version}
            </span>
            {facts.publishedNote ? (
              <span className="merchant-note muted" data-testid="merchant-published-note">
                {facts.publishedNote}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Store versions</dt>
          <dd>
            <ul className="merchant-chips" data-testid="merchant-store-versions">
              {facts.storeVersions.map((entry) => (
                <li
                  key={entry.version}
                  className={entry.negotiated ? 'merchant-chip negotiated' : 'merchant-chip'}
                  title={entry.negotiated ? 'The version in use' : undefined}
                >
                  {entry.version}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>Transport</dt>
          <dd data-testid="merchant-transport">{facts.transport}</dd>
        </div>
        <div className="merchant-wide">
          <dt>Endpoint</dt>
          <dd>
            <code className="merchant-endpoint" data-testid="merchant-endpoint">
              {facts.endpoint}
            </code>
            {facts.endpointElsewhere ? (
              <span className="merchant-note muted">on another host than the storefront</span>
            ) : null}
          </dd>
        </div>
        <div className="merchant-wide">
          <dt>Discovery document</dt>
          <dd data-testid="merchant-shape" data-shape={profile.profileShape}>
            {facts.documentShape}
          </dd>
        </div>
      </dl>
      <h3 className="merchant-subtitle">Capabilities</h3>
      <FactList
        testId="merchant-capabilities"
        itemTestId="merchant-capability"
        items={facts.capabilities.map((capability) => ({
          key: capability.name,
          name: capability.label,
          detail: [capability.version, capability.extendsLabel],
          title: capability.name,
          data: { 'data-name': capability.name },
        }))}
      />
      <h3 className="merchant-subtitle">Payment handlers</h3>
      <FactList
        testId="merchant-payment-handlers"
        itemTestId="merchant-payment-handler"
        items={facts.paymentHandlers.map((handler) => ({
          key: handler.id,
          name: handler.label,
          detail: [handler.version, handler.instruments, handler.refusal],
          data: { 'data-id': handler.id },
        }))}
      />
      <p className="merchant-checked muted">
        Read {formatClockTime(profile.discoveredAt, locale)} from {profile.storeUrl}
      </p>
    </>
  );
}

interface Fact {
  key: string;
  name: string;
  /** Shown after the name, the empty parts left out. */
  detail: (string | null)[];
  title?: string;
  data: Record<`data-${string}`, string>;
}

function FactList({ testId, itemTestId, items }: { testId: string; itemTestId: string; items: Fact[] }) {
  if (items.length === 0) return <p className="muted">The store lists none.</p>;
  return (
    <ul className="merchant-list" data-testid={testId}>
      {items.map((item, index) => (
        <li key={`${item.key}-${index}`} title={item.title} data-testid={itemTestId} {...item.data}>
          <span className="merchant-item-name">{item.name}</span>
          <span className="muted">{item.detail.filter(Boolean).join(' · ')}</span>
        </li>
      ))}
    </ul>
  );
}
