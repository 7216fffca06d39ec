import type { CallbackReceiverStatus } from '@shared/contract';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { formatTime } from './tournamentFormat';

/**
 * What the callback receiver did: accepted, retried or replayed (duplicates), rejected as forged or
 * refused by games/by-code, and held until games/by-code confirms them.
 */
export function ReceiverStatus({ receiver }: { receiver: CallbackReceiverStatus }) {
  const locale = useDisplayLocale();
  return (
    <div className="receiver-status" data-testid="receiver-status">
      <p>
        Receiver at <code>{receiver.path}</code>:{' '}
        <strong data-testid="receiver-accepted">{receiver.accepted}</strong> accepted,{' '}
        <strong data-testid="receiver-duplicates">{receiver.duplicates}</strong> duplicates,{' '}
        <strong data-testid="receiver-rejected">{receiver.rejected}</strong> rejected
        {receiver.held > 0 ? (
          <>
            , <strong data-testid="receiver-held">{receiver.held}</strong> held until games/by-code confirms
            them
          </>
        ) : null}
        {receiver.lastAcceptedAt !== null ? (
          <span className="muted"> · last result {formatTime(receiver.lastAcceptedAt, locale)}</span>
        ) : null}
      </p>
      {receiver.recentRejections.length > 0 ? (
        <ul className="audit-lines" data-testid="callback-rejections">
          {receiver.recentRejections.map((rejection) => (
            <li
              key={`${rejection.at}|${rejection.shortCode}|${rejection.reason}`}
              data-testid="callback-rejection"
            >
              <span className="tag bad">rejected</span> {formatTime(rejection.at, locale)} · callback for{' '}
              <code>{rejection.shortCode || 'no code'}</code>: {rejection.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
