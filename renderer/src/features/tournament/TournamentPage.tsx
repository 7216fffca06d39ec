import { useState } from 'react';
import { useAppState } from '../../state/AppContext';
import { TOURNAMENT_REGION_PLATFORMS, type PlatformId, type TournamentRegion } from '@shared/contract';
import { ApiKeyPanel } from '../webApi/ApiKeyPanel';
import { PlatformStatusLine } from '../webApi/status/PlatformStatusLine';
import { WebApiNotices } from '../webApi/WebApiNotices';
import { CodePanel } from './CodePanel';
import { CodesPanel } from './CodesPanel';
import { DeskNotices } from './DeskNotices';
import { LobbyPanel } from './LobbyPanel';
import { ProvidersPanel } from './ProvidersPanel';
import { ResultsPanel } from './ResultsPanel';
import { API_KIND_LABELS } from './tournamentFormat';
import { TournamentsPanel } from './TournamentsPanel';
import { useUnwatchOnLeave } from './useUnwatchOnLeave';
import '../webApi/players/players.css';
import './tournament.css';

export const TOURNAMENT_PAGE_PATH = '/tournaments';

/**
 * The tournament desk, in the order an organizer works: providers, tournaments, their codes, a code's
 * lobby, and the results as they come in.
 */
export function TournamentPage() {
  const desk = useAppState((state) => state.tournament);
  const keyPresent = useAppState((state) => state.webApi.key.present);
  const [chosenTournament, setChosenTournament] = useState<number | null>(null);
  const [chosenCode, setChosenCode] = useState<string | null>(null);
  useUnwatchOnLeave(desk?.lobby.code ?? null);
  if (!desk) return null;

  // Without a choice, the newest tournament is open: the one the organizer is most likely running.
  const tournament =
    desk.tournaments.find((item) => item.tournamentId === chosenTournament) ??
    desk.tournaments.at(-1) ??
    null;
  const code = desk.codes.find(
    (item) => item.code === chosenCode && item.tournamentId === tournament?.tournamentId,
  );
  const selectTournament = (tournamentId: number) => {
    setChosenTournament(tournamentId);
    setChosenCode(null);
  };

  return (
    <div className="web-api-page tournament-page" data-testid="tournament-page" data-ready={desk.ready}>
      <WebApiNotices />
      <DeskNotices notices={desk.notices} />
      {keyPresent === false ? <ApiKeyPanel /> : null}
      {!desk.ready ? <p className="muted">Opening the tournament database…</p> : null}
      {keyPresent
        ? providerPlatforms(desk.providers).map((platform) => (
            <PlatformStatusLine key={platform} platform={platform} />
          ))
        : null}
      <ProvidersPanel desk={desk} />
      <TournamentsPanel desk={desk} selected={tournament?.tournamentId ?? null} onSelect={selectTournament} />
      {tournament ? (
        <CodesPanel
          desk={desk}
          tournament={tournament}
          selectedCode={code?.code ?? null}
          onSelectCode={setChosenCode}
        />
      ) : null}
      {code ? <CodePanel code={code} api={desk.api} /> : null}
      <LobbyPanel lobby={desk.lobby} selectedCode={code?.code ?? null} />
      <ResultsPanel desk={desk} />
      {keyPresent ? <ApiKeyPanel compact /> : null}
      <p className="muted policy-note">
        The desk calls {API_KIND_LABELS[desk.api]} with your own key. The key and the secret that signs each
        code&apos;s metaData stay on this computer or your server.
      </p>
    </div>
  );
}

/** Each platform the desk's providers play on, once (PBE has no status). */
function providerPlatforms(providers: ReadonlyArray<{ region: TournamentRegion }>): PlatformId[] {
  const platforms = providers.flatMap((provider) => TOURNAMENT_REGION_PLATFORMS[provider.region] ?? []);
  return [...new Set(platforms)];
}
