import type { FeatureViews } from '../../navigation/featureViews';
import { CardsPage } from './CardsPage';

export const cardsViews: FeatureViews = {
  pages: [{ path: '/library', label: 'Card library', view: CardsPage }],
  bare: [],
};
