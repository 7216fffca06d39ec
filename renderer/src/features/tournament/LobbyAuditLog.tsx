import { useQueryClient } from '@tanstack/react-query';
import { contractQueryKey, useContractQuery, useContractMutation } from '../../state/contractQueries';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { formatClockTime } from '../../ui/locale/dateFormat';
import { RequestError } from '../../ui/RequestError';
import { LobbyEventTable, LobbyStages } from './LobbyEventTable';

/** A code's stored lobby events, for auditing after the match; refreshed from the API on request. */
export function LobbyAuditLog({ code }: { code: string }) {
  const client = useQueryClient();
  const locale = useDisplayLocale();
  const stored = { code, refresh: false };
  const log = useContractQuery('tournament.lobby.events', stored);
  const fetchNow = useContractMutation('tournament.lobby.events', {
    input: () => ({ code, refresh: true }),
    onSuccess: (fresh) => client.setQueryData(contractQueryKey('tournament.lobby.events', stored), fresh),
  });
  const events = log.data?.events ?? [];
  return (
    <div className="lobby-audit" data-testid="lobby-audit" data-code={code}>
      <div className="lobby-head">
        <p>
          Audit log of <code>{code}</code>
          {log.data?.fetchedAt ? (
            <span className="muted"> · fetched {formatClockTime(log.data.fetchedAt, locale)}</span>
          ) : null}
        </p>
        <button
          type="button"
          onClick={() => fetchNow.mutate()}
          disabled={fetchNow.isPending}
          data-testid="lobby-refresh"
        >
          Fetch from the API
        </button>
      </div>
      <LobbyStages events={events} />
      <LobbyEventTable events={events} />
      <RequestError error={log.error ?? fetchNow.error} testId="lobby-audit-error" />
    </div>
  );
}
