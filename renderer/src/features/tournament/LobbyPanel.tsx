import { LOBBY_EVENTS_NOTE, type TournamentLobbyState } from '@shared/contract';
import { LiveLobby } from './LiveLobby';
import { LobbyAuditLog } from './LobbyAuditLog';

/** The live lobby while one is watched, otherwise the selected code's audit log. */
export function LobbyPanel({
  lobby,
  selectedCode,
}: {
  lobby: TournamentLobbyState;
  selectedCode: string | null;
}) {
  const watched = lobby.code;
  return (
    <section className="panel" aria-labelledby="lobby-title" data-testid="lobby-panel">
      <h2 id="lobby-title">Lobby</h2>
      <p className="web-api-notice info" data-testid="lobby-note">
        {LOBBY_EVENTS_NOTE}
      </p>
      {watched !== null ? (
        <LiveLobby lobby={{ ...lobby, code: watched }} />
      ) : selectedCode ? (
        <LobbyAuditLog code={selectedCode} />
      ) : (
        <p className="muted">
          Watch a code&apos;s lobby from the code list, or open a code to see its audit log.
        </p>
      )}
    </section>
  );
}
