import { useState } from 'react';
import { useSaveSettings, useSettings } from '../../state/settingsQueries';
import { parseCardVersion } from './syncLabels';

/**
 * The `staticData.cardVersion` setting: a card-data version to pin (a tournament on an older patch). Syncs then
 * fetch that version's folder, and the card library and the deck tracker read its data. The host publishes no list
 * of versions, so the known ones are offered and any other can be typed.
 */
export function CardVersionPicker({ versions }: { versions: string[] }) {
  const settings = useSettings();
  const pinned = settings.data?.settings.staticData.cardVersion ?? null;
  const [text, setText] = useState<string | null>(null);
  const save = useSaveSettings((cardVersion: string | null) => ({ staticData: { cardVersion } }));
  const shown = text ?? pinned ?? 'latest';
  const parsed = parseCardVersion(shown);
  const changed = parsed.ok && parsed.version !== pinned;
  return (
    <div className="sd-field">
      <label htmlFor="sd-card-version">Card data version</label>
      <div className="sd-version-row">
        <input
          id="sd-card-version"
          list="sd-card-versions"
          value={shown}
          onChange={(event) => setText(event.target.value)}
          disabled={!settings.data || save.isPending}
          aria-invalid={!parsed.ok}
          data-testid="card-version"
        />
        <datalist id="sd-card-versions">
          <option value="latest" />
          {versions.map((version) => (
            <option key={version} value={version} />
          ))}
        </datalist>
        <button
          type="button"
          disabled={!changed || save.isPending}
          onClick={() => {
            if (parsed.ok) save.mutate(parsed.version, { onSuccess: () => setText(null) });
          }}
          data-testid="card-version-save"
        >
          {parsed.ok && parsed.version === null ? 'Use latest' : 'Pin'}
        </button>
      </div>
      <small className="muted">
        {pinned
          ? `Pinned to ${pinned}: syncs fetch that version, and the card library and deck tracker use it.`
          : 'Latest data. Pin an older version for a tournament played on an older patch.'}
      </small>
      {!parsed.ok ? <p className="sd-error">{parsed.message}</p> : null}
      {save.isError ? (
        <p className="sd-error" role="alert">
          {save.error.message}
        </p>
      ) : null}
    </div>
  );
}
