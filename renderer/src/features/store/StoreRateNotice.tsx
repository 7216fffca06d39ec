import type { StoreRateNotice as Notice } from '@shared/contract';

/** The store asked us to slow down and Sightline waited: say so plainly. */
export function StoreRateNotice({ notice }: { notice: Notice | null | undefined }) {
  if (!notice) return null;
  const seconds = Math.max(1, Math.round(notice.waitedMs / 1000));
  const why = notice.source === 'retry-after' ? 'as it asked' : 'backing off';
  return (
    <p className="store-notice waiting" role="status" data-testid="store-rate-notice">
      The store asked Sightline to wait (HTTP {notice.status}). It waited {seconds} s ({why}) and then loaded
      this page.
    </p>
  );
}

export function StoreError({ error }: { error: Error }) {
  return (
    <p className="store-notice error" role="alert" data-testid="store-error">
      {error.message}
    </p>
  );
}
