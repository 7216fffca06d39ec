import type { FeatureViews } from '../../navigation/featureViews';
import { SettingsPage } from './SettingsPage';

export const settingsViews: FeatureViews = {
  pages: [{ path: '/settings', label: 'Settings', view: SettingsPage }],
  bare: [],
};
