import { describe, expect, it } from 'vitest';
import { platformStatusView, pickLocalized } from './platformStatusView';
import { platformDataSchema } from './recordSchemas';

/** A record in lol-status-v4's PlatformDataDto shape, nulls and all, as the real API sends it. */
const RECORD = {
  id: 'EUW1',
  name: 'EU West',
  locales: ['en_GB', 'de_DE', 'fr_FR'],
  maintenances: [
    {
      id: 6021,
      maintenance_status: 'scheduled',
      incident_severity: null,
      titles: [
        { locale: 'en_GB', content: 'Scheduled maintenance' },
        { locale: 'fr_FR', content: 'Maintenance programmée' },
      ],
      updates: [],
      created_at: '2026-11-27T18:00:00.000+00:00',
      archive_at: null,
      updated_at: null,
      platforms: ['windows', 'macos'],
    },
    {
      id: 6001,
      maintenance_status: 'complete',
      incident_severity: null,
      titles: [{ locale: 'en_GB', content: 'Last week' }],
      updates: [],
      created_at: '2026-11-20T18:00:00.000+00:00',
      archive_at: null,
      updated_at: null,
      platforms: ['windows'],
    },
  ],
  incidents: [
    {
      id: 7011,
      maintenance_status: null,
      incident_severity: 'warning',
      titles: [
        { locale: 'en_US', content: 'Ranked games may not start' },
        { locale: 'de_DE', content: 'Ranglistenspiele starten eventuell nicht' },
      ],
      updates: [
        {
          id: 'u2',
          author: '',
          publish: true,
          publish_locations: ['riotclient'],
          translations: [{ locale: 'en_US', content: 'Fixed for most players.' }],
          created_at: '2026-11-27T19:10:00.000+00:00',
          updated_at: '2026-11-27T19:10:00.000+00:00',
        },
        {
          id: 'u1',
          author: '',
          publish: true,
          publish_locations: ['riotclient'],
          translations: [{ locale: 'en_US', content: 'Investigating.' }],
          created_at: '2026-11-27T18:40:00.000+00:00',
          updated_at: '2026-11-27T18:40:00.000+00:00',
        },
      ],
      created_at: '2026-11-27T18:30:00.000+00:00',
      archive_at: null,
      updated_at: null,
      platforms: ['windows', 'macos'],
    },
  ],
};

describe('platform status', () => {
  it('reads a real-shaped record: maintenances not yet complete, then incidents, newest update', () => {
    const view = platformStatusView(platformDataSchema.parse(RECORD), 'euw1', 'de_DE');
    expect(view).toEqual({
      platform: 'euw1',
      name: 'EU West',
      notices: [
        {
          kind: 'maintenance',
          severity: '',
          maintenanceStatus: 'scheduled',
          title: 'Scheduled maintenance',
          latestUpdate: '',
        },
        {
          kind: 'incident',
          severity: 'warning',
          maintenanceStatus: '',
          title: 'Ranglistenspiele starten eventuell nicht',
          latestUpdate: 'Fixed for most players.',
        },
      ],
    });
  });

  it('reads a quiet platform, with its lists left out as the omission rule allows', () => {
    const view = platformStatusView(
      platformDataSchema.parse({ id: 'NA1', name: 'North America' }),
      'na1',
      'en_US',
    );
    expect(view).toEqual({ platform: 'na1', name: 'North America', notices: [] });
  });

  it('picks the asked locale, then its language, then English, then any', () => {
    const texts = [
      { locale: 'fr_FR', content: 'Bonjour' },
      { locale: 'en_GB', content: 'Hello' },
      { locale: 'de_DE', content: 'Hallo' },
    ];
    expect(pickLocalized(texts, 'de-DE')).toBe('Hallo');
    expect(pickLocalized(texts, 'de-AT')).toBe('Hallo');
    expect(pickLocalized(texts, 'ja_JP')).toBe('Hello');
    expect(pickLocalized([{ locale: 'ko_KR', content: '점검' }], 'en_US')).toBe('점검');
    expect(pickLocalized([], 'en_US')).toBe('');
  });
});
