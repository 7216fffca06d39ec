/**
 * lol-status-v4's platform data, with incidents and maintenances a test scripts. The record has the real
 * PlatformDataDto's shape: titles and updates per locale, null where a field does not apply.
 */

export interface SimStatusNotice {
  kind: 'incident' | 'maintenance';
  /** Titles by locale (`en_US`, `de_DE`). */
  titles: Record<string, string>;
  /** info, warning or critical (incidents). */
  severity?: 'info' | 'warning' | 'critical';
  /** scheduled, in_progress or complete (maintenances). */
  maintenanceStatus?: 'scheduled' | 'in_progress' | 'complete';
  /** The updates' texts by locale, oldest first. */
  updates?: Array<Record<string, string>>;
}

export interface PlatformStatusBoard {
  set(platform: string, notices: SimStatusNotice[]): void;
  clear(): void;
  record(platform: string): unknown;
}

const NAMES: Record<string, string> = {
  br1: 'Brasil',
  eun1: 'EU Nordic & East',
  euw1: 'EU West',
  jp1: 'Japan',
  kr: 'Republic of Korea',
  la1: 'Latin America North',
  la2: 'Latin America South',
  na1: 'North America',
  oc1: 'Oceania',
  tr1: 'Turkey',
  ru: 'Russia',
  ph2: 'Philippines',
  sg2: 'Singapore',
  th2: 'Thailand',
  tw2: 'Taiwan',
  vn2: 'Vietnam',
};
const LOCALES = ['en_US', 'de_DE', 'fr_FR', 'es_ES', 'it_IT', 'pl_PL', 'cs_CZ', 'el_GR', 'ro_RO', 'hu_HU'];
const contents = (texts: Record<string, string>) =>
  Object.entries(texts).map(([locale, content]) => ({ locale, content }));

export function createPlatformStatusBoard(): PlatformStatusBoard {
  let scripted = new Map<string, SimStatusNotice[]>();
  return {
    set: (platform, notices) => void scripted.set(platform, notices),
    clear: () => {
      scripted = new Map();
    },
    record(platform) {
      const notices = scripted.get(platform) ?? [];
      const dto = (notice: SimStatusNotice, index: number) => {
        const created = new Date(Date.UTC(2026, 10, 27, 18, index)).toISOString();
        return {
          id: 7000 + index,
          maintenance_status:
            notice.kind === 'maintenance' ? (notice.maintenanceStatus ?? 'scheduled') : null,
          incident_severity: notice.kind === 'incident' ? (notice.severity ?? 'warning') : null,
          titles: contents(notice.titles),
          updates: (notice.updates ?? []).map((texts, step) => {
            const at = new Date(Date.UTC(2026, 10, 27, 18, index, step + 1)).toISOString();
            return {
              id: 9000 + index * 10 + step,
              author: '',
              publish: true,
              publish_locations: ['riotclient', 'riotstatus', 'game'],
              translations: contents(texts),
              created_at: at,
              updated_at: at,
            };
          }),
          created_at: created,
          archive_at: null,
          updated_at: created,
          platforms: ['windows', 'macos'],
        };
      };
      return {
        id: platform.toUpperCase(),
        name: NAMES[platform] ?? platform.toUpperCase(),
        locales: LOCALES,
        maintenances: notices.filter((notice) => notice.kind === 'maintenance').map(dto),
        incidents: notices.filter((notice) => notice.kind === 'incident').map(dto),
      };
    },
  };
}
