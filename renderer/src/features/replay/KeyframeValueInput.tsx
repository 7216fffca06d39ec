import type { ReplayPlayer, SequenceTrack } from '@shared/contract';
import { useAppState } from '../../state/AppContext';
import { CommitInput } from './CommitInput';
import { COLOR_CHANNELS, VECTOR3_AXES, valueKind, withComponent } from './keyframeValue';

const NO_PLAYERS: ReplayPlayer[] = [];

/** The editor that suits a keyframe's value; `onChange` returns a problem to show, or null. */
export function KeyframeValueInput({
  track,
  value,
  label,
  onChange,
}: {
  track: SequenceTrack;
  value: unknown;
  label: string;
  onChange(value: unknown): string | null;
}) {
  const players = useAppState((state) => state.replay.players) ?? NO_PLAYERS;
  const kind = valueKind(value);
  if (kind === 'boolean') {
    return (
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          aria-label={label}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <span className="switch-track" aria-hidden="true" />
        <span>{value ? 'on' : 'off'}</span>
      </label>
    );
  }
  if (kind === 'number') {
    return (
      <CommitInput
        className="number"
        inputMode="decimal"
        aria-label={label}
        value={String(value)}
        onCommit={(text) => onChange(parseNumber(text) ?? text)}
      />
    );
  }
  if (kind === 'string') {
    const listId = track === 'selectionName' ? 'keyframe-unit-names' : undefined;
    return (
      <>
        <CommitInput
          aria-label={label}
          value={String(value)}
          list={listId}
          onCommit={(text) => onChange(text.trim())}
        />
        {listId ? (
          <datalist id={listId}>
            {players.map((player) => (
              <option key={player.name} value={player.name} />
            ))}
          </datalist>
        ) : null}
      </>
    );
  }
  if (kind === 'vector3' || kind === 'color') {
    const keys = kind === 'color' ? COLOR_CHANNELS : VECTOR3_AXES;
    const record = value as Record<string, number>;
    return (
      <span className="components">
        {keys.map((key) => (
          <span key={key} className="component">
            <span className="component-key">{key}</span>
            <CommitInput
              className="number"
              inputMode="decimal"
              aria-label={`${label} ${key}`}
              value={trimmed(record[key] ?? 0)}
              onCommit={(text) => {
                const parsed = parseNumber(text);
                return parsed === null
                  ? `${key} must be a number`
                  : onChange(withComponent(value, key, parsed));
              }}
            />
          </span>
        ))}
      </span>
    );
  }
  return <code className="muted">{JSON.stringify(value)}</code>;
}

function parseNumber(text: string): number | null {
  const trimmedText = text.trim();
  if (trimmedText === '') return null;
  const parsed = Number(trimmedText);
  return Number.isFinite(parsed) ? parsed : null;
}

// Camera positions come back with many decimals; two are plenty to read and edit.
function trimmed(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(2)));
}
