import type { TournamentProviderView } from '@shared/contract';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { formatDay } from './tournamentFormat';

/** The registered providers; those of an earlier API key are marked unusable. */
export function ProviderList({ providers }: { providers: TournamentProviderView[] }) {
  const locale = useDisplayLocale();
  if (providers.length === 0) {
    return <p className="muted">No provider yet: register one to create tournaments.</p>;
  }
  return (
    <table className="desk-table" data-testid="provider-list">
      <thead>
        <tr>
          <th>ID</th>
          <th>Region</th>
          <th>Callback URL</th>
          <th>Paths</th>
          <th>Registered</th>
          <th>Key</th>
        </tr>
      </thead>
      <tbody>
        {providers.map((provider) => (
          <tr
            key={provider.providerId}
            className={provider.keyMatches ? undefined : 'stale'}
            data-testid="provider-row"
          >
            <td className="mono">{provider.providerId}</td>
            <td>{provider.region}</td>
            <td className="mono wrap">{provider.callbackUrl}</td>
            <td>{provider.api}</td>
            <td>{formatDay(provider.createdAt, locale)}</td>
            <td>
              {provider.keyMatches ? (
                <span className="tag ok">current key</span>
              ) : (
                <span className="tag bad" title="Providers are tied to the key that registered them.">
                  earlier key: register again
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
