import { memo, useMemo } from 'react';
import {
  describeSourceStatus,
  feedEntries,
  formatGameTime,
  LIVE_MAP_LABELS,
  LIVE_MODE_LABELS,
  type LiveGameState,
  type LiveGameSummary,
  type LivePlayer,
  type LivePlayerTeam,
} from '@shared/contract';
import { useAppState } from '../../state/AppContext';
import { BroadcastTeamsPanel } from '../broadcast/BroadcastTeamsPanel';
import { ActivePlayerPanel } from './ActivePlayerPanel';
import { EventFeed } from './EventFeed';
import { GameIcon } from './GameIcon';
import { useIcons } from './iconResolver';
import { LayoutPanel } from './LayoutPanel';
import { formatKda, PHASE_LABELS } from './scoreboardFormat';
import { ScoreStrip } from './ScoreStrip';
import { TeamTable } from './TeamTable';
import './scoreboard.css';

const TEAM_ORDER: LivePlayerTeam[] = ['ORDER', 'CHAOS', 'NEUTRAL'];
const PAGE_FEED_LENGTH = 60;

/**
 * The companion's scoreboard: the game as the game's own scoreboard shows it, plus the event feed.
 * Each part reads only its slice of the state, so a poll that moves the clock and the gold redraws
 * just those.
 */
export function ScoreboardPage() {
  const phase = useAppState((state) => state.live.phase);
  const spectator = useAppState((state) => state.live.spectator);
  const hasPlayers = useAppState((state) => state.live.players.length > 0);
  if (phase === null) return <p className="muted">Connecting to Sightline…</p>;
  return (
    <div className="scoreboard-page" data-testid="scoreboard" data-phase={phase} data-spectator={spectator}>
      <ScoreboardHead />
      {hasPlayers ? (
        <>
          <LiveScoreStrip />
          <Teams />
        </>
      ) : (
        <EmptyState />
      )}
      {hasPlayers ? (
        <div className="scoreboard-lower">
          <ActivePlayer />
          <Feed />
        </div>
      ) : null}
      <Layout />
      <BroadcastTeamsPanel />
    </div>
  );
}

function ScoreboardHead() {
  const phase = useAppState((state) => state.live.phase);
  const spectator = useAppState((state) => state.live.spectator);
  const result = useAppState((state) => state.live.result);
  const mapNumber = useAppState((state) => state.live.mapNumber);
  const mapName = useAppState((state) => state.live.mapName);
  const gameMode = useAppState((state) => state.live.gameMode);
  if (!phase) return null;
  return (
    <header className="scoreboard-head">
      <span className={`phase-badge phase-${phase}`} data-testid="live-phase">
        {PHASE_LABELS[phase]}
      </span>
      <ModeLabel mapNumber={mapNumber ?? 0} mapName={mapName ?? ''} gameMode={gameMode ?? ''} />
      {spectator ? (
        <span className="spectator-badge" data-testid="spectator-badge">
          Spectating
        </span>
      ) : null}
      {result ? (
        <span className={`result-badge ${result}`} data-testid="live-result">
          {result === 'win' ? 'Victory' : 'Defeat'}
        </span>
      ) : null}
      <LiveSourceNotice />
    </header>
  );
}

const ModeLabel = memo(function ModeLabel({
  mapNumber,
  mapName,
  gameMode,
}: Pick<LiveGameState, 'mapNumber' | 'mapName' | 'gameMode'>) {
  if (!mapNumber && !mapName) return null;
  return (
    <span className="head-mode">
      {LIVE_MAP_LABELS[mapNumber] ?? mapName}
      {gameMode ? ` · ${LIVE_MODE_LABELS[gameMode] ?? gameMode}` : ''}
    </span>
  );
});

/** Says why the figures may be stale while the client cannot be read; nothing while all is well. */
function LiveSourceNotice() {
  const status = useAppState((state) => state.sources.live);
  if (!status || status.state === 'connected') return null;
  return (
    <span className={`source-notice ${status.state}`} data-testid="live-source" data-state={status.state}>
      <span className={`dot ${status.state}`} aria-hidden="true" />
      Game client {describeSourceStatus(status)}
    </span>
  );
}

function LiveScoreStrip() {
  const teams = useAppState((state) => state.live.teams);
  const phase = useAppState((state) => state.live.phase);
  const clock = useAppState((state) => state.live.clock);
  const broadcast = useAppState((state) => state.live.broadcast);
  if (!teams || !phase || !broadcast) return null;
  return <ScoreStrip game={{ teams, phase, clock, broadcast }} />;
}

function Teams() {
  const players = useAppState((state) => state.live.players);
  const phase = useAppState((state) => state.live.phase);
  const clock = useAppState((state) => state.live.clock);
  const byTeam = useMemo(() => {
    const groups = new Map<LivePlayerTeam, LivePlayer[]>();
    for (const player of players ?? []) groups.set(player.team, [...(groups.get(player.team) ?? []), player]);
    return groups;
  }, [players]);
  const gameClock = useMemo(() => ({ phase: phase ?? 'no-game', clock }), [phase, clock]);
  return (
    <div className="teams">
      {TEAM_ORDER.map((team) => {
        const members = byTeam.get(team);
        return members ? <TeamTable key={team} team={team} players={members} clock={gameClock} /> : null;
      })}
    </div>
  );
}

function ActivePlayer() {
  const active = useAppState((state) => (state.live.spectator ? null : state.live.activePlayer));
  const championKey = useAppState(
    (state) => state.live.players.find((player) => player.isLocal)?.championKey,
  );
  if (!active) return null;
  return <ActivePlayerPanel active={active} championKey={championKey ?? ''} />;
}

function Feed() {
  const feed = useAppState((state) => state.live.feed);
  const entries = useMemo(() => (feed ? feedEntries({ feed }) : []), [feed]);
  return (
    <section className="panel feed-panel" aria-labelledby="feed-title">
      <h2 id="feed-title">Events</h2>
      {entries.length > 0 ? (
        <EventFeed entries={entries} limit={PAGE_FEED_LENGTH} />
      ) : (
        <p className="muted">Kills, objectives and turrets appear here as they happen.</p>
      )}
    </section>
  );
}

function Layout() {
  const layout = useAppState((state) => state.live.layout);
  return layout ? <LayoutPanel layout={layout} /> : null;
}

function EmptyState() {
  const phase = useAppState((state) => state.live.phase);
  const lastGame = useAppState((state) => state.live.lastGame);
  return (
    <section className="panel empty-state" data-testid="scoreboard-empty">
      <h2>{phase === 'loading' ? 'Loading screen' : 'No game running'}</h2>
      <p className="muted">
        {phase === 'loading'
          ? 'The game is loading. The scoreboard appears as soon as it starts.'
          : 'Start a game, or a replay or spectated game: the scoreboard appears when it begins.'}
      </p>
      {lastGame ? <LastGame summary={lastGame} /> : null}
    </section>
  );
}

function LastGame({ summary }: { summary: LiveGameSummary }) {
  const icons = useIcons();
  return (
    <div className="last-game" data-testid="last-game">
      <GameIcon src={icons.champion(summary.championKey)} label={summary.championName} />
      <div>
        <strong>
          Last game · {summary.championName}
          {summary.result ? (
            <span className={`result-badge ${summary.result}`}>
              {summary.result === 'win' ? 'Victory' : 'Defeat'}
            </span>
          ) : null}
        </strong>
        <span className="muted">
          {formatKda(summary)} · {summary.creepScore} CS · {formatGameTime(summary.durationSeconds)} ·{' '}
          {summary.queueLabel}
        </span>
      </div>
    </div>
  );
}
