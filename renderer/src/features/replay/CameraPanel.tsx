import { CAMERA_MODES, type CameraMode, type ReplayPlayer } from '@shared/contract';
import { useAppState } from '../../state/AppContext';
import { RequestError } from '../../ui/RequestError';
import { CAMERA_MODE_LABELS } from './replayLabels';
import { useContractMutation } from '../../state/contractQueries';
import { useReplayConnected } from './useReplay';
import { useScrub } from './useScrub';

const NO_PLAYERS: ReplayPlayer[] = [];
const TEAMS = [
  { team: 'ORDER', label: 'Blue side' },
  { team: 'CHAOS', label: 'Red side' },
  { team: '', label: 'Other' },
] as const;

/** Camera mode, following a player, and field of view. */
export function CameraPanel() {
  const render = useAppState((state) => state.replay.render) ?? null;
  const players = useAppState((state) => state.replay.players) ?? NO_PLAYERS;
  const connected = useReplayConnected();
  const setRender = useContractMutation('replay.render.set');
  const disabled = !connected || render === null;

  const followed =
    render?.cameraAttached && render.selectionName
      ? (players.find((player) => player.name.toLowerCase() === render.selectionName?.toLowerCase())?.name ??
        render.selectionName)
      : '';
  const fieldOfView = useScrub(render?.fieldOfView ?? 45, (value) =>
    setRender.mutateAsync({ fieldOfView: value }).catch(() => undefined),
  );

  return (
    <section className="panel" aria-labelledby="camera-title">
      <h2 id="camera-title">Camera</h2>
      <div className="form-grid">
        <label htmlFor="camera-mode">Mode</label>
        <select
          id="camera-mode"
          data-testid="camera-mode"
          value={render?.cameraMode ?? ''}
          disabled={disabled || render?.cameraMode === undefined}
          onChange={(event) => setRender.mutate({ cameraMode: event.currentTarget.value as CameraMode })}
        >
          {render?.cameraMode === undefined ? (
            <option value="">{render ? 'Not reported' : '—'}</option>
          ) : null}
          {CAMERA_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {CAMERA_MODE_LABELS[mode]}
            </option>
          ))}
        </select>

        <label htmlFor="camera-follow">Follow</label>
        <select
          id="camera-follow"
          data-testid="camera-follow"
          value={followed}
          disabled={disabled}
          onChange={(event) => {
            const name = event.currentTarget.value;
            setRender.mutate(
              name === '' ? { cameraAttached: false } : { selectionName: name, cameraAttached: true },
            );
          }}
        >
          <option value="">Nobody (free camera)</option>
          {followed !== '' && !players.some((player) => player.name === followed) ? (
            <option value={followed}>{followed}</option>
          ) : null}
          {TEAMS.map(({ team, label }) => {
            const members = players.filter((player) => player.team === team);
            if (members.length === 0) return null;
            return (
              <optgroup key={team} label={label}>
                {members.map((player) => (
                  <option key={player.name} value={player.name}>
                    {player.championName ? `${player.name} — ${player.championName}` : player.name}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </select>

        <label htmlFor="camera-fov">Field of view</label>
        <div className="slider-field">
          <input
            id="camera-fov"
            type="range"
            min={10}
            max={120}
            step={1}
            value={fieldOfView.shown}
            disabled={disabled || render?.fieldOfView === undefined}
            data-testid="camera-fov"
            onChange={(event) => fieldOfView.onInput(Number(event.currentTarget.value))}
          />
          <output htmlFor="camera-fov" className="slider-value">
            {Math.round(fieldOfView.shown)}°
          </output>
        </div>
      </div>
      {players.length === 0 && connected ? (
        <p className="hint">
          The player list comes from the game's live data; it appears once the replay has loaded.
        </p>
      ) : null}
      <RequestError error={setRender.error} />
    </section>
  );
}
