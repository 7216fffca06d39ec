import type { FeatureViews } from '../../navigation/featureViews';
import { DataPage } from './DataPage';
import { CardsPage } from './library/CardsPage';

/** The card library, then the Data page (the cache both games' lookups read). */
export const staticDataViews: FeatureViews = {
  pages: [
    { path: '/library', label: 'Card library', view: CardsPage },
    { path: '/data', label: 'Data', view: DataPage },
  ],
  bare: [],
};
