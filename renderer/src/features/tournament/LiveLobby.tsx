import type { TournamentLobbyState } from '@shared/contract';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { formatClockTime } from '../../ui/locale/dateFormat';
import { RequestError } from '../../ui/RequestError';
import { LobbyEventTable, LobbyStages } from './LobbyEventTable';
import { useContractMutation } from '../../state/contractQueries';

/** The lobby the core is polling (politely, through the rate limiter) while this view is open. */
export function LiveLobby({ lobby }: { lobby: TournamentLobbyState & { code: string } }) {
  const locale = useDisplayLocale();
  const stop = useContractMutation('tournament.lobby.unwatch', { input: () => ({}) });
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
