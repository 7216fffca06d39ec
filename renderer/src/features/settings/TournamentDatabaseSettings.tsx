import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TournamentDatabaseStatus } from '@shared/contract';
import { useAppApi } from '../../state/AppContext';
import { contractQueryKey, useContractQuery } from '../../state/contractQueries';
import { SecretForm } from '../../ui/forms/SecretForm';
import { SecretInput } from '../../ui/forms/SecretInput';
import { RequestError } from '../../ui/RequestError';

const SOURCE_LABELS: Record<NonNullable<TournamentDatabaseStatus['source']>, string> = {
  stored: 'kept encrypted by the operating system',
  environment: 'set by SIGHTLINE_TOURNAMENT_DATABASE_URL for this run',
};

/**
 * The tournament desk's shared PostgreSQL database. The URL (with its password) goes to the core once; the
 * page only learns where it points: host, port, database and user.
 */
export function TournamentDatabaseSettings() {
  const api = useAppApi();
  const client = useQueryClient();
  const status = useContractQuery('tournament.database.status', {});
  const [url, setUrl] = useState('');
  const show = (next: TournamentDatabaseStatus) =>
    client.setQueryData(contractQueryKey('tournament.database.status', {}), next);
  const view = status.data;

  return (
    <section className="panel settings" aria-labelledby="tournament-database-title">
      <h2 id="tournament-database-title">Tournament desk: shared database</h2>
      {status.isError ? <RequestError error={status.error} /> : null}
      {view ? (
        <>
          <p data-testid="tournament-database-status">
            {view.database
              ? `PostgreSQL ${view.database.user}@${view.database.host}:${view.database.port}/${view.database.database}${view.source ? `, ${SOURCE_LABELS[view.source]}` : ''}.`
              : 'None: the desk keeps its providers, codes and results in this computer’s tournaments.db.'}
          </p>
          {view.restartNeeded ? (
            <p className="web-api-warning" data-testid="tournament-database-restart">
              The desk still uses the database it opened at start: restart Sightline to use this one.
            </p>
          ) : null}
          {view.canSave ? (
            <SecretForm
              stored={view.source === 'stored'}
              ready={url.trim() !== ''}
              save={async () => show(await api.request('tournament.database.set', { url }))}
              clear={async () => show(await api.request('tournament.database.clear', {}))}
              onSaved={() => setUrl('')}
              labels={{ save: 'Save database', change: 'Change database', clear: 'Use this computer only' }}
              testIdPrefix="tournament-database"
              className="settings"
              errorClassName="web-api-error"
            >
              <label>
                <span>PostgreSQL URL</span>
                <SecretInput
                  value={url}
                  onChange={setUrl}
                  placeholder="postgres://user:password@host:5432/database"
                  testId="tournament-database-url"
                />
              </label>
            </SecretForm>
          ) : view.source !== 'environment' ? (
            <p className="muted" data-testid="tournament-database-unsupported">
              This host cannot encrypt the database password: set SIGHTLINE_TOURNAMENT_DATABASE_URL instead.
            </p>
          ) : null}
          <p className="muted">
            Desks and callback receivers on several machines that share one database see each other’s codes
            and results within a second.
          </p>
        </>
      ) : null}
    </section>
  );
}
