import { INITIAL_STATIC_DATA_STATE, type StaticDataState } from '@shared/contract/staticData';
import type { FeatureContext } from '../../platform/feature/feature';

/** The `staticData` slice of the app state: the cache, the sync and pack under way and how the last ones ended. */
export interface StaticDataSlice {
  readonly state: StaticDataState;
  publish(next: StaticDataState): void;
}

export function createStaticDataSlice(context: Pick<FeatureContext, 'hub'>): StaticDataSlice {
  let state: StaticDataState = INITIAL_STATIC_DATA_STATE;
  const publish = (next: StaticDataState): void => {
    state = next;
    context.hub.set('staticData', state);
  };
  publish(state);
  return {
    get state() {
      return state;
    },
    publish,
  };
}
