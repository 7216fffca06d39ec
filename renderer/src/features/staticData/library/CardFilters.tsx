import { CARD_COST_FILTER_MAX, type CardRegion } from '@shared/contract';
import { RegionIcon } from '../../../ui/RegionIcon';

export interface CardFilterValues {
  query: string;
  regions: string[];
  costs: number[];
  types: string[];
  /** Where cards come from: set and adventure bundle names. */
  bundles: string[];
  collectibleOnly: boolean;
}

export const NO_FILTERS: CardFilterValues = {
  query: '',
  regions: [],
  costs: [],
  types: [],
  bundles: [],
  collectibleOnly: true,
};

const COSTS = Array.from({ length: CARD_COST_FILTER_MAX + 1 }, (_, cost) => cost);

const toggled = <T,>(list: T[], value: T): T[] =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

/** Whether any filter narrows the list (Reset shows then). */
export const filtersActive = (values: CardFilterValues): boolean =>
  values.regions.length + values.costs.length + values.types.length + values.bundles.length > 0 ||
  values.query !== '';

/**
 * Search words, then regions (by icon), costs (the last one "and up"), types and sources (the sets and the
 * adventure bundle); all combine with AND.
 */
export function CardFilters({
  values,
  onChange,
  regions,
  types,
  bundles,
}: {
  values: CardFilterValues;
  onChange: (next: CardFilterValues) => void;
  regions: CardRegion[];
  types: string[];
  bundles: { name: string; label: string }[];
}) {
  const active = filtersActive(values);
  return (
    <div className="sd-filters" role="search">
      <input
        type="search"
        className="sd-search"
        placeholder="Search names, text, keywords, codes"
        aria-label="Search cards"
        value={values.query}
        onChange={(event) => onChange({ ...values, query: event.target.value })}
        data-testid="card-search"
      />
      <div className="sd-filter-row" role="group" aria-label="Regions">
        {regions.map((region) => (
          <button
            type="button"
            key={region.nameRef}
            className="sd-region-toggle"
            aria-pressed={values.regions.includes(region.nameRef)}
            title={region.name}
            onClick={() => onChange({ ...values, regions: toggled(values.regions, region.nameRef) })}
            data-testid={`filter-region-${region.nameRef}`}
          >
            <RegionIcon
              region={region}
              alt=""
              size="full"
              fallback={region.abbreviation || region.name.slice(0, 2)}
              eager
            />
            <span>{region.name}</span>
          </button>
        ))}
      </div>
      <div className="sd-filter-row">
        <div className="sd-cost-toggles" role="group" aria-label="Mana cost">
          {COSTS.map((cost) => (
            <button
              type="button"
              key={cost}
              className="sd-cost-toggle"
              aria-pressed={values.costs.includes(cost)}
              aria-label={cost === CARD_COST_FILTER_MAX ? `Cost ${cost} or more` : `Cost ${cost}`}
              onClick={() => onChange({ ...values, costs: toggled(values.costs, cost) })}
              data-testid={`filter-cost-${cost}`}
            >
              {cost === CARD_COST_FILTER_MAX ? `${cost}+` : cost}
            </button>
          ))}
        </div>
        <div className="sd-chips" role="group" aria-label="Card types">
          {types.map((type) => (
            <button
              type="button"
              key={type}
              className="sd-chip"
              aria-pressed={values.types.includes(type)}
              onClick={() => onChange({ ...values, types: toggled(values.types, type) })}
              data-testid={`filter-type-${type}`}
            >
              {type}
            </button>
          ))}
        </div>
        <div className="sd-chips" role="group" aria-label="Source">
          {bundles.map((bundle) => (
            <button
              type="button"
              key={bundle.name}
              className="sd-chip"
              aria-pressed={values.bundles.includes(bundle.name)}
              onClick={() => onChange({ ...values, bundles: toggled(values.bundles, bundle.name) })}
              data-testid={`filter-source-${bundle.name}`}
            >
              {bundle.label}
            </button>
          ))}
        </div>
        <label className="sd-check">
          <input
            type="checkbox"
            checked={!values.collectibleOnly}
            onChange={(event) => onChange({ ...values, collectibleOnly: !event.target.checked })}
          />
          Tokens and level-ups
        </label>
        {active ? (
          <button type="button" className="sd-link" onClick={() => onChange(NO_FILTERS)}>
            Reset
          </button>
        ) : null}
      </div>
    </div>
  );
}
