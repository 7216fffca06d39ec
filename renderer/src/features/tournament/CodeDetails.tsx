import type { TournamentCodeDetailsView } from '@shared/contract';
import { RequestError } from '../../ui/RequestError';
import { shortId, winConditionText } from './tournamentFormat';
import { useContractQuery } from '../../state/contractQueries';

type DetailRow = [label: string, value: string];

function detailRows(details: TournamentCodeDetailsView): DetailRow[] {
  const rows: DetailRow[] = [
    // The desk's own, shown with every code (spec 1 §1: fair and transparent win conditions).
    ['Win condition', winConditionText(details.winCondition)],
    ['Code ID', details.id ? String(details.id) : ''],
    ['Provider', details.providerId ? String(details.providerId) : ''],
    ['Tournament', String(details.tournamentId)],
    ['Region', details.region],
    ['Map', details.map],
    ['Team size', String(details.teamSize)],
    ['Pick type', details.pickType],
    ['Spectators', details.spectators],
    ['Lobby name', details.lobbyName],
    ['Lobby password', details.password],
    ...metaDataRows(details),
    ['Participants', details.participants.map(shortId).join(', ')],
  ];
  // The API leaves empty values out (spec 1 §2.5): show what it gave.
  return rows.filter(([, value]) => value !== '' && value !== '0');
}

/** The signed metaData as labelled fields; only someone else's plain text is shown as sent. */
function metaDataRows(details: TournamentCodeDetailsView): DetailRow[] {
  const signed = details.signedMetaData;
  if (!signed) return [['metaData', details.metaData]];
  return [
    ['Organizer text', signed.text || '(none)'],
    ['Signed for tournament', String(signed.tournamentId)],
    [
      'Signature',
      signed.signature === 'valid'
        ? 'valid: signed by this desk'
        : 'does not match this desk’s secret: callbacks with it are refused',
    ],
  ];
}

/** A code as the API describes it (GET codes/{code}), or the desk's own record where the stub cannot. */
export function CodeDetails({ code }: { code: string }) {
  const details = useContractQuery('tournament.code.details', { code });
  return (
    <div className="code-details" data-testid="code-details">
      {details.data?.source === 'local' ? (
        <p className="web-api-notice info" data-testid="code-details-local">
          The tournament stub cannot describe a code: this is what the desk recorded when it created it.
        </p>
      ) : null}
      {details.data ? (
        <dl className="detail-list">
          {detailRows(details.data).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd
                className="mono wrap"
                data-testid={`code-detail-${label.toLowerCase().replace(/\s+/g, '-')}`}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
      ) : details.isPending ? (
        <p className="muted">Loading…</p>
      ) : null}
      <RequestError error={details.error} testId="code-details-error" />
    </div>
  );
}
