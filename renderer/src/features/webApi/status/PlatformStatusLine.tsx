import type { PlatformId } from '@shared/contract';
import { useContractQuery } from '../../../state/contractQueries';
import { useDisplayLocale } from '../../../ui/locale/useDisplayLocale';
import './platformStatus.css';

/** Gently: the status changes over minutes, and every call counts against the key's limits. */
export const STATUS_POLL_MS = 5 * 60_000;

/** The reader's locale as lol-status-v4 writes locales (de_DE); the core falls back to English. */
const statusLocale = (locale: string): string => locale.replace('-', '_');

/**
 * A platform's incidents and maintenances (lol-status-v4): one quiet line when all is well, a notice with
 * each title when not. Polled every 5 minutes while shown; a failure shows nothing (status is a courtesy).
 */
export function PlatformStatusLine({ platform }: { platform: PlatformId }) {
  const locale = useDisplayLocale();
  const status = useContractQuery(
    'webApi.status.platform',
    { platform, locale: statusLocale(locale) },
    { retry: false, staleTime: STATUS_POLL_MS, refetchInterval: STATUS_POLL_MS },
  );
  if (!status.data) return null;
  const { name, notices } = status.data;
  if (notices.length === 0) {
    return (
      <p className="muted platform-status" data-testid="platform-status">
        {name}: no incidents or maintenance reported.
      </p>
    );
  }
  return (
    <div className="web-api-notice platform-status waiting" role="status" data-testid="platform-status">
      <strong>{name}:</strong>
      <ul>
        {notices.map((notice, index) => (
          <li key={index} data-testid="platform-notice">
            <span className="platform-notice-kind">
              {notice.kind === 'maintenance'
                ? notice.maintenanceStatus === 'in_progress'
                  ? 'Maintenance now'
                  : 'Maintenance'
                : notice.severity === 'critical'
                  ? 'Incident (critical)'
                  : 'Incident'}
            </span>{' '}
            {notice.title}
            {notice.latestUpdate ? <span className="muted"> {notice.latestUpdate}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
