import type { PlatformId, PlatformNoticeView, PlatformStatusView } from '@shared/contract';
import type { PlatformData } from './recordSchemas';

type Notice = PlatformData['incidents'][number];
type Localized = Notice['titles'];

/** `de-DE` and `de_DE` name the same locale; the API writes the second. */
const normalLocale = (locale: string): string => locale.trim().replace('-', '_').toLowerCase();

/**
 * The text in the asked locale, then the same language in another country, then English (en_US, any
 * en_), then the first there is.
 */
export function pickLocalized(texts: Localized, locale: string): string {
  const wanted = normalLocale(locale);
  const language = wanted.split('_')[0] ?? '';
  const by = (test: (candidate: string) => boolean) =>
    texts.find((text) => text.content !== '' && test(normalLocale(text.locale)))?.content;
  return (
    by((candidate) => candidate === wanted) ??
    by((candidate) => candidate.split('_')[0] === language) ??
    by((candidate) => candidate === 'en_us') ??
    by((candidate) => candidate.startsWith('en_')) ??
    texts.find((text) => text.content !== '')?.content ??
    ''
  );
}

function noticeView(notice: Notice, kind: PlatformNoticeView['kind'], locale: string): PlatformNoticeView {
  // Updates come oldest first; the newest says where things stand.
  const latest = [...notice.updates].sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0];
  return {
    kind,
    severity: notice.incident_severity,
    maintenanceStatus: notice.maintenance_status,
    title: pickLocalized(notice.titles, locale) || (kind === 'incident' ? 'Incident' : 'Maintenance'),
    latestUpdate: latest ? pickLocalized(latest.translations, locale) : '',
  };
}

/** Maintenances first (they stop play), then incidents; a finished maintenance is no longer news. */
export function platformStatusView(
  record: PlatformData,
  platform: PlatformId,
  locale: string,
): PlatformStatusView {
  return {
    platform,
    name: record.name || platform,
    notices: [
      ...record.maintenances
        .filter((notice) => notice.maintenance_status !== 'complete')
        .map((notice) => noticeView(notice, 'maintenance', locale)),
      ...record.incidents.map((notice) => noticeView(notice, 'incident', locale)),
    ],
  };
}
