import { STORE_POLICY_KINDS, type StorePolicyKind } from '@shared/contract';
import { useContractQuery } from '../../state/contractQueries';
import { MerchantTextView } from './MerchantTextView';
import { StoreError, StoreRateNotice } from './StoreRateNotice';

function isPolicyKind(value: string): value is StorePolicyKind {
  return (STORE_POLICY_KINDS as readonly string[]).includes(value);
}

/** One of the store's four policies, its merchant HTML shown from the sanitised tree. */
export function PolicyView({ policy }: { policy: string }) {
  const kind = isPolicyKind(policy) ? policy : null;
  const answer = useContractQuery(
    'store.catalog.policy',
    { kind: kind ?? 'privacy-policy' },
    { enabled: kind !== null, retry: false },
  );
  if (kind === null) return <p className="store-notice error">The store has no policy called “{policy}”.</p>;
  if (answer.isError) return <StoreError error={answer.error} />;
  if (!answer.data) return <p className="muted">Loading the policy…</p>;
  return (
    <article className="panel store-policy" data-testid="store-policy">
      <StoreRateNotice notice={answer.data.rateNotice} />
      <h2 data-testid="store-policy-title">{answer.data.title}</h2>
      <MerchantTextView text={answer.data.body} testId="store-policy-body" />
      <p className="muted">
        <a href={answer.data.url} target="_blank" rel="noopener noreferrer">
          Read it on the store
        </a>
      </p>
    </article>
  );
}

export function AgentsView() {
  const answer = useContractQuery('store.catalog.agents', {}, { retry: false });
  if (answer.isError) return <StoreError error={answer.error} />;
  if (!answer.data) return <p className="muted">Loading…</p>;
  return (
    <article className="panel store-agents" data-testid="store-agents">
      <StoreRateNotice notice={answer.data.rateNotice} />
      <h2>What the store tells shopping apps</h2>
      <pre>{answer.data.text}</pre>
      {answer.data.truncated ? <p className="muted">Shortened: the file is longer.</p> : null}
    </article>
  );
}
