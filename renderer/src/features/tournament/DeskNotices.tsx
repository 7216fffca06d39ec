import type { TournamentNotice } from '@shared/contract';

const NOTICE_TONE: Record<TournamentNotice['kind'], 'danger' | 'waiting' | 'info'> = {
  'key-changed': 'danger',
  storage: 'danger',
  fallback: 'waiting',
  'no-key': 'info',
  'development-key': 'info',
};

/** What the core says about the desk as a whole: the key changed, a development key, storage trouble. */
export function DeskNotices({ notices }: { notices: TournamentNotice[] }) {
  return (
    <>
      {notices.map((notice) => (
        <p
          key={`${notice.kind}|${notice.message}`}
          className={`web-api-notice ${NOTICE_TONE[notice.kind]}`}
          role={NOTICE_TONE[notice.kind] === 'danger' ? 'alert' : 'status'}
          data-testid={`desk-notice-${notice.kind}`}
        >
          {notice.message}
        </p>
      ))}
    </>
  );
}
