import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { TournamentApiKind, TournamentCodeView } from '@shared/contract';
import { contractQueryKey, useContractMutation } from '../../state/contractQueries';
import { RequestError } from '../../ui/RequestError';
import { CodeSettingsFields } from './CodeSettingsFields';
import { draftOf, readCodeUpdate, type CodeSettingsDraft } from './deskForms';
import { isStub } from './tournamentFormat';

/** Changes a code's map, pick type, spectators and allowed participants (PUT codes/{code}). */
export function CodeSettingsForm({ code, api: kind }: { code: TournamentCodeView; api: TournamentApiKind }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<CodeSettingsDraft>(() => draftOf(code.settings));
  const input = readCodeUpdate(code.code, draft);
  const update = useContractMutation('tournament.code.update', {
    onSuccess: () =>
      client.invalidateQueries({
        queryKey: contractQueryKey('tournament.code.details', { code: code.code }),
      }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typeof input !== 'string') update.mutate(input);
  };
  if (isStub(kind)) {
    return (
      <p className="muted" data-testid="code-update-stub">
        The tournament stub has no update: a code&apos;s settings can be changed with a tournament key only.
      </p>
    );
  }
  return (
    <form className="desk-form" onSubmit={submit} data-testid="code-update-form">
      <CodeSettingsFields api={kind} value={draft} onChange={setDraft} idPrefix="code-update" />
      <div className="form-wide">
        {typeof input === 'string' ? <p className="web-api-warning">{input}</p> : null}
        {update.isSuccess ? (
          <p className="url-check-line valid" data-testid="code-update-done">
            Settings saved.
          </p>
        ) : null}
        <RequestError error={update.error} testId="code-update-error" />
      </div>
      <div className="form-actions">
        <button
          type="submit"
          className="primary"
          disabled={typeof input === 'string' || update.isPending}
          data-testid="code-update"
        >
          Save settings
        </button>
      </div>
    </form>
  );
}
