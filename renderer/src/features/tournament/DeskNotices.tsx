import type { TournamentNotice } from '@shared/contract';
import { useSaveSettings } from '../../state/settingsQueries';

const NOTICE_TONE: Record<TournamentNotice['kind'], 'danger' | 'waiting' | 'info'> = {
  'key-changed': 'danger',
  storage: 'danger',
  fallback: 'waiting',
  'no-key': 'info',
  'development-key': 'info',
  'tournament-key': 'info',
};

/**
 * What the core says about the desk as a whole: the key changed, a key that is no tournament key (with
 * the confirmation that lets the desk call the real tournament API), storage trouble.
 */
export function DeskNotices({ notices }: { notices: TournamentNotice[] }) {
  return (
    <>
      {notices.map((notice) => (
        <div
          key={`${notice.kind}|${notice.message}`}
          className={`web-api-notice ${NOTICE_TONE[notice.kind]}`}
          role={NOTICE_TONE[notice.kind] === 'danger' ? 'alert' : 'status'}
          data-testid={`desk-notice-${notice.kind}`}
        >
          <p>{notice.message}</p>
          {notice.kind === 'tournament-key' ? <ConfirmTournamentKey /> : null}
        </div>
      ))}
    </>
  );
}

/** The user's word that their key is tournament-enabled: the same setting as on the Settings page. */
function ConfirmTournamentKey() {
  const save = useSaveSettings(() => ({ webApi: { tournamentKeyConfirmed: true } }));
  return (
    <div className="form-actions">
      <button
        type="button"
        onClick={() => save.mutate(undefined)}
        disabled={save.isPending}
        data-testid="confirm-tournament-key"
      >
        My key is tournament-enabled
      </button>
      {save.error ? (
        <span className="error" role="alert">
          {save.error.message}
        </span>
      ) : null}
    </div>
  );
}
