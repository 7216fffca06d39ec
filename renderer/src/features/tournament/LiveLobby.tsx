import { useMutation } from '@tanstack/react-query';
import type { TournamentLobbyState } from '@shared/contract';
import { useAppApi } from '../../state/AppContext';
import { useDisplayLocale } from '../../state/useDisplayLocale';
import { formatClockTime } from '../../ui/locale/dateFormat';
import { RequestError } from '../../ui/RequestError';
import { LobbyEventTable, LobbyStages } from './LobbyEventTable';

/** The lobby the core is polling (politely, through the rate limiter) while this view is open. */
export function LiveLobby({ lobby }: { lobby: TournamentLobbyState & { code: string } }) {
  const api = useAppApi();
  const locale = useDisplayLocale();
  const stop = useMutation({ mutationFn: () => api.request('tournament.lobby.unwatch', {}) });
  return (
    <div className="live-lobby" data-testid="live-lobby" data-code={lobby.code}>
      <div className="lobby-head">
        <p>
          <span className="live-dot" aria-hidden="true" /> Watching <code>{lobby.code}</code>
          <span className="muted">
            {lobby.lastPolledAt === null
              ? ' · first poll pending'
              : ` · last polled ${formatClockTime(lobby.lastPolledAt, locale)}`}
          </span>
        </p>
        <button
          type="button"
          onClick={() => stop.mutate()}
          disabled={stop.isPending}
          data-testid="lobby-unwatch"
        >
          Stop watching
        </button>
      </div>
      {lobby.error ? (
        <p className="request-error" role="alert" data-testid="lobby-error">
          {lobby.error}
        </p>
      ) : null}
      <LobbyStages events={lobby.events} />
      <LobbyEventTable events={lobby.events} />
      <RequestError error={stop.error} />
    </div>
  );
}
