import type { FeatureViews } from '../../navigation/featureViews';
import { ShortcutsPage } from './ShortcutsPage';

export const shortcutsViews: FeatureViews = {
  pages: [{ path: '/shortcuts', label: 'Shortcuts', view: ShortcutsPage }],
  bare: [],
};
