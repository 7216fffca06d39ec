import { useState, type ReactNode } from 'react';
import { formatByteSize, type StaticDataCacheSummary } from '@shared/contract';
import { useAppState } from '../../state/AppContext';
import { ConfirmChoice } from '../../ui/ConfirmChoice';
import { useContractMutation } from '../../state/contractQueries';

type ClearScope = 'all' | 'arena' | 'cards';

/** What is on disk, per game and language, and the way to remove it (asked twice: a download can be large). */
export function CachePanel({ cache }: { cache: StaticDataCacheSummary }) {
  const syncing = useAppState((state) => state.staticData.sync !== null) ?? false;
  const [confirming, setConfirming] = useState<ClearScope | null>(null);
  const clear = useContractMutation('staticData.clear', {
    input: (scope: ClearScope) => ({ scope }),
    onSettled: () => setConfirming(null),
  });
  const empty = cache.arena.length === 0 && cache.cards.length === 0;

  return (
    <section className="panel sd-cache" aria-labelledby="sd-cache-title" data-testid="cache-panel">
      <div className="sd-panel-head">
        <h2 id="sd-cache-title">On this computer</h2>
        <span className="sd-total" data-testid="cache-total">
          {formatByteSize(cache.totalBytes)}
        </span>
      </div>
      {empty ? (
        <p className="muted" data-testid="cache-empty">
          Nothing is downloaded yet. Names, pictures and tooltips appear once the data is here.
        </p>
      ) : null}
      {cache.arena.length > 0 ? (
        <CacheTable caption="Arena game" columns={['Version', 'Language', 'Region', '#Files', '#Size']}>
          {cache.arena.map((entry) => (
            <tr key={`${entry.version}-${entry.locale}`} data-testid={`cached-arena-${entry.locale}`}>
              <td>{entry.version}</td>
              <td>{entry.locale}</td>
              <td>{entry.region}</td>
              <td className="num">{entry.files}</td>
              <td className="num">{formatByteSize(entry.bytes)}</td>
            </tr>
          ))}
        </CacheTable>
      ) : null}
      {cache.cards.length > 0 ? (
        <CacheTable caption="Card game" columns={['Language', 'Bundles', '#Cards', '#Size']}>
          {cache.cards.map((entry) => (
            <tr key={entry.locale} data-testid={`cached-cards-${entry.locale}`}>
              <td>{entry.locale}</td>
              <td>
                <span className="sd-bundles">
                  {entry.bundles.map((bundle) => (
                    <span
                      key={bundle.name}
                      className={`sd-bundle ${bundle.variant}`}
                      title={`${bundle.files} files from ${bundle.folder}`}
                    >
                      {bundle.label}
                      {bundle.variant === 'full' ? <small>full</small> : null}
                    </span>
                  ))}
                </span>
              </td>
              <td className="num" data-testid={`cached-cards-count-${entry.locale}`}>
                {entry.cards}
              </td>
              <td className="num">{formatByteSize(entry.bytes)}</td>
            </tr>
          ))}
        </CacheTable>
      ) : null}
      <p className="muted sd-cache-dir" title={cache.cacheDir}>
        {cache.cacheDir}
      </p>
      {empty ? null : (
        <div className="sd-actions">
          {confirming ? (
            <>
              <span>
                Remove{' '}
                {confirming === 'all'
                  ? 'all downloaded data'
                  : `the ${confirming === 'arena' ? 'arena game' : 'card game'} data`}
                ?
              </span>
              <ConfirmChoice
                className="sd-danger"
                pending={clear.isPending}
                onConfirm={() => clear.mutate(confirming)}
                onKeep={() => setConfirming(null)}
                testId="clear-confirm"
              >
                Remove
              </ConfirmChoice>
            </>
          ) : (
            <>
              <button
                type="button"
                disabled={syncing}
                onClick={() => setConfirming('all')}
                data-testid="clear-all"
              >
                Clear cache
              </button>
              {cache.arena.length > 0 ? (
                <button
                  type="button"
                  className="sd-quiet"
                  disabled={syncing}
                  onClick={() => setConfirming('arena')}
                >
                  Arena only
                </button>
              ) : null}
              {cache.cards.length > 0 ? (
                <button
                  type="button"
                  className="sd-quiet"
                  disabled={syncing}
                  onClick={() => setConfirming('cards')}
                >
                  Cards only
                </button>
              ) : null}
            </>
          )}
        </div>
      )}
      {clear.isError ? (
        <p className="sd-error" role="alert">
          {clear.error.message}
        </p>
      ) : null}
    </section>
  );
}

/** A table of cached entries; a column named "#…" holds numbers and is right-aligned. */
function CacheTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <table className="sd-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className={column.startsWith('#') ? 'num' : undefined}>
              {column.replace(/^#/, '')}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
