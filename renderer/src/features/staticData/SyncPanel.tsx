import { useState } from 'react';
import { cardBundleLabel, type ArenaRegion, type StaticDataStatus } from '@shared/contract';
import { useContractQuery, useContractMutation } from '../../state/contractQueries';
import { useAppState } from '../../state/AppContext';
import { CardVersionPicker } from './CardVersionPicker';
import { SyncControls } from './SyncControls';
import { startingSets, unpublishedSets } from './syncLabels';
import { useStaticDataRevision } from '../../state/useStaticData';

/** Choose what to download (locale, region, sets, lite or full) and follow the download: files and bytes. */
export function SyncPanel({ status }: { status: StaticDataStatus }) {
  const running = useAppState((state) => state.staticData.sync);
  const { options } = status;
  const [locale, setLocale] = useState(options.defaultCardLocale);
  const [region, setRegion] = useState<ArenaRegion>(options.region);
  const [variant, setVariant] = useState<'lite' | 'full'>('lite');
  const revision = useStaticDataRevision();
  // Which sets the host publishes for this language (a HEAD per bundle): the default choice is those.
  const offered = useContractQuery(
    'staticData.estimate',
    { locale, region },
    { dependsOn: [revision], staleTime: Infinity, retry: false },
  );
  // Null until the user picks: the choice follows the host's answer until then.
  const [chosen, setChosen] = useState<string[] | null>(null);
  const sets = chosen ?? startingSets(status, locale, offered.data);
  const unpublished = unpublishedSets(offered.data);
  const start = useContractMutation('staticData.sync', { input: () => ({ locale, sets, variant, region }) });
  const setSets = (next: string[]) => setChosen(next);
  const toggle = (name: string) =>
    setSets(sets.includes(name) ? sets.filter((set) => set !== name) : [...sets, name]);

  return (
    <section className="panel sd-sync" aria-labelledby="sd-sync-title">
      <div className="sd-panel-head">
        <h2 id="sd-sync-title">Download</h2>
        <span className="muted">Both games’ data for one language, kept for offline use</span>
      </div>
      <fieldset className="sd-sync-form" disabled={running !== null}>
        <label className="sd-field">
          <span>Language</span>
          <select
            value={locale}
            onChange={(event) => setLocale(event.target.value)}
            data-testid="sync-locale"
          >
            {options.cardLocales.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
        </label>
        <label className="sd-field">
          <span>Region</span>
          <select
            value={region}
            onChange={(event) => setRegion(options.regions.find((r) => r === event.target.value) ?? region)}
            title="The arena data follows the patch your region runs"
            data-testid="sync-region"
          >
            {options.regions.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        <div className="sd-field">
          <span id="sd-variant-label">Card art</span>
          <div className="sd-segmented" role="group" aria-labelledby="sd-variant-label">
            <button type="button" aria-pressed={variant === 'lite'} onClick={() => setVariant('lite')}>
              Lite
            </button>
            <button type="button" aria-pressed={variant === 'full'} onClick={() => setVariant('full')}>
              Full illustrations
            </button>
          </div>
        </div>
        <div className="sd-field sd-sets">
          <span id="sd-sets-label">
            Card sets
            <button
              type="button"
              className="sd-link"
              onClick={() => setSets(options.sets.map((set) => set.name))}
            >
              all
            </button>
            <button
              type="button"
              className="sd-link"
              onClick={() => setSets([])}
              data-testid="sync-sets-none"
            >
              none
            </button>
          </span>
          <div className="sd-chips" role="group" aria-labelledby="sd-sets-label">
            {options.sets.map((set) => (
              <button
                type="button"
                key={set.name}
                className="sd-chip"
                aria-pressed={sets.includes(set.name)}
                onClick={() => toggle(set.name)}
                data-published={unpublished.includes(set.name) ? 'no' : undefined}
                title={unpublished.includes(set.name) ? 'Not published by this host' : undefined}
                data-testid={`sync-set-${set.name}`}
              >
                {set.label}
              </button>
            ))}
          </div>
          <span className="muted sd-sets-note" aria-live="polite" data-testid="sync-sets-note">
            {offered.isPending
              ? 'Asking the host which sets it publishes…'
              : offered.isError
                ? `Could not ask the host which sets it publishes (${offered.error.message}).`
                : unpublished.length > 0
                  ? `Not published by this host: ${unpublished.map(cardBundleLabel).join(', ')}.`
                  : null}
          </span>
        </div>
        <CardVersionPicker versions={options.cardVersions} />
      </fieldset>
      <SyncControls>
        <button
          type="button"
          className="sd-primary"
          disabled={start.isPending || sets.length === 0 || (chosen === null && offered.isPending)}
          onClick={() => start.mutate()}
          data-testid="sync-start"
        >
          Download and update
        </button>
        {sets.length === 0 ? <span className="muted">Choose at least one set.</span> : null}
      </SyncControls>
      {start.isError ? (
        <p className="sd-error" role="alert" data-testid="sync-error">
          {start.error.message}
        </p>
      ) : null}
    </section>
  );
}
