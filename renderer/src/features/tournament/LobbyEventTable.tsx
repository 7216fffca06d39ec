import type { LobbyEventView } from '@shared/contract';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { formatClockTime } from '../../ui/locale/dateFormat';
import { lobbyStages, shortId } from './tournamentFormat';

/** Every lobby stage of the spec, lit once seen, so a dropped event shows as a gap rather than vanishing. */
export function LobbyStages({ events }: { events: LobbyEventView[] }) {
  return (
    <ol className="lobby-stages" data-testid="lobby-stages">
      {lobbyStages(events).map((stage) => (
        <li
          key={stage.eventType}
          className={stage.count > 0 ? 'seen' : undefined}
          title={stage.eventType}
          data-testid="lobby-stage"
          data-event-type={stage.eventType}
          data-count={stage.count}
        >
          {stage.label}
          {stage.count > 1 ? ` ×${stage.count}` : ''}
        </li>
      ))}
    </ol>
  );
}

export function LobbyEventTable({ events }: { events: LobbyEventView[] }) {
  const locale = useDisplayLocale();
  if (events.length === 0) return <p className="muted">No lobby event yet.</p>;
  return (
    <table className="desk-table lobby-events" data-testid="lobby-events">
      <thead>
        <tr>
          <th>Time</th>
          <th>Event</th>
          <th>Type</th>
          <th>Player</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event, index) => (
          <tr
            key={`${event.timestamp}|${event.eventType}|${event.player}|${index}`}
            data-testid="lobby-event"
          >
            <td className="mono">{formatClockTime(event.timestamp, locale)}</td>
            <td>{event.label}</td>
            <td className="mono muted">{event.eventType}</td>
            {event.playerName ? (
              <td title={event.player} data-testid="lobby-event-player">
                {event.playerName}
              </td>
            ) : (
              <td className="mono" title={event.player} data-testid="lobby-event-player">
                {event.player ? shortId(event.player) : '—'}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
