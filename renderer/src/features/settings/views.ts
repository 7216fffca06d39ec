import type { FeatureViews } from '../../app/viewRegistry';
import { SettingsPage } from './SettingsPage';

export const settingsViews: FeatureViews = {
  pages: [{ path: '/settings', label: 'Settings', view: SettingsPage }],
  bare: [],
};
