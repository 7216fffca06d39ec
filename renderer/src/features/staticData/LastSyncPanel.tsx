import { cardBundleLabel, type StaticDataSyncOutcome } from '@shared/contract';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { formatDecimal } from '../../ui/locale/numberFormat';
import { relativeTime, retryText } from './syncLabels';

/** How the last sync ended, and every problem it met, in the words the core chose; when it is tried again. */
export function LastSyncPanel({
  outcome,
  now,
  retryAt = null,
}: {
  outcome: StaticDataSyncOutcome | null;
  now: number;
  /** The background sync's next attempt after this failure. */
  retryAt?: number | null;
}) {
  const locale = useDisplayLocale();
  if (!outcome) return null;
  const verdict = outcome.cancelled ? 'Cancelled' : outcome.ok ? 'Up to date' : 'Finished with problems';
  const tone = outcome.cancelled ? 'wait' : outcome.ok ? 'ok' : 'bad';
  const seconds = Math.max(0, (outcome.finishedAt - outcome.startedAt) / 1000);
  return (
    <section className="panel sd-last" aria-labelledby="sd-last-title" data-testid="last-sync">
      <div className="sd-panel-head">
        <h2 id="sd-last-title">Last update</h2>
        <span className={`sd-badge ${tone}`} data-testid="last-sync-verdict">
          {verdict}
        </span>
        <span className="muted">
          {outcome.reason === 'refresh' ? 'automatic check, ' : ''}
          {relativeTime(outcome.finishedAt, now, locale)} · {formatDecimal(seconds, locale, 1)} s
        </span>
      </div>
      <ul className="sd-last-list">
        {outcome.arena ? (
          <li>
            <span>Arena game</span>
            <span>
              {outcome.arena.version} · {outcome.arena.locale} ·{' '}
              {outcome.arena.updated ? 'downloaded' : 'already current'}
            </span>
          </li>
        ) : null}
        {outcome.cards.map((cards) => (
          <li key={cards.locale}>
            <span>Cards {cards.locale}</span>
            <span className="sd-bundle-statuses">
              {cards.bundles.map((bundle) => (
                <span key={bundle.name} className={`sd-bundle-status ${bundle.status}`}>
                  {cardBundleLabel(bundle.name)} {bundle.status}
                </span>
              ))}
            </span>
          </li>
        ))}
      </ul>
      {retryAt !== null ? (
        <p className="muted" data-testid="sync-retry">
          Trying again {retryText(retryAt, now, locale)}.
        </p>
      ) : null}
      {outcome.problems.length > 0 ? (
        <div className="sd-problems" role="alert">
          <h3>Problems</h3>
          <ul data-testid="sync-problems">
            {outcome.problems.map((problem, index) => (
              <li key={index}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
