import { useRef, useState, type FormEvent } from 'react';
import {
  createCodesInRuns,
  MAX_CODES_PER_CALL,
  type CodeRunProgress,
  type TournamentApiKind,
  type TournamentView,
} from '@shared/contract';
import { RequestError } from '../../ui/RequestError';
import { CodeSettingsFields } from './CodeSettingsFields';
import { TextField, TickField } from '../../ui/forms/LabelledFields';
import { readCodeForm, type CodeFormFields } from './deskForms';
import { codeFormWarning, isV5 } from './tournamentFormat';
import { useContractSteps } from '../../state/contractQueries';

const INITIAL_FIELDS: CodeFormFields = {
  count: '1',
  teamSize: '5',
  mapType: 'SUMMONERS_RIFT',
  pickType: 'TOURNAMENT_DRAFT',
  spectatorType: 'ALL',
  participants: '',
  enoughPlayers: false,
  metadata: '',
  confirmSurplus: false,
};

/**
 * Creates codes for one tournament (1–1000 at a time), as the CLI does: a run of requests of
 * CODES_PER_CREATION_CALL, each stored by the desk before it answers, so the form shows how many are made and
 * Stop ends the run after the request in flight (its codes kept). Far more codes than the bracket needs are
 * only created after the organizer confirms the warning.
 */
export function CodeForm({ tournament, api: kind }: { tournament: TournamentView; api: TournamentApiKind }) {
  const [fields, setFields] = useState<CodeFormFields>(INITIAL_FIELDS);
  const set = (patch: Partial<CodeFormFields>) => setFields((current) => ({ ...current, ...patch }));
  const input = readCodeForm(tournament.tournamentId, fields);
  const warning =
    typeof input === 'string' ? null : codeFormWarning(tournament, input.count ?? 1, input.teamSize ?? 5);
  const [progress, setProgress] = useState<CodeRunProgress | null>(null);
  const stopRequested = useRef(false);
  const create = useContractSteps({
    steps: async (api, { count = 1, ...request }: Exclude<typeof input, string>) => {
      stopRequested.current = false;
      setProgress({ created: 0, asked: count });
      return createCodesInRuns(
        count,
        (size, first) => api.request('tournament.codes.create', { ...request, count: size, ...first }),
        { stopped: () => stopRequested.current, onAnswer: (_answer, made) => setProgress(made) },
      );
    },
    onSuccess: () => setFields((current) => ({ ...current, count: '1', confirmSurplus: false })),
  });
  const blocked = typeof input === 'string' || (warning !== null && !fields.confirmSurplus);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typeof input !== 'string' && !blocked) create.mutate(input);
  };

  return (
    <form className="desk-form" onSubmit={submit} data-testid="code-form">
      <TextField
        label={`How many (1–${MAX_CODES_PER_CALL})`}
        value={fields.count}
        onChange={(count) => set({ count, confirmSurplus: false })}
        size="narrow"
        inputMode="numeric"
        testId="code-count"
      />
      <TextField
        label="Team size"
        value={fields.teamSize}
        onChange={(teamSize) => set({ teamSize })}
        size="narrow"
        inputMode="numeric"
        testId="code-team-size"
      />
      <CodeSettingsFields api={kind} value={fields} onChange={(draft) => set(draft)} idPrefix="code" />
      {isV5(kind) ? (
        <TickField
          label="Check the allowed participants make full teams (enoughPlayers)"
          checked={fields.enoughPlayers}
          onChange={(enoughPlayers) => set({ enoughPlayers })}
          testId="code-enough-players"
        />
      ) : null}
      <TextField
        label="Metadata (your text; Sightline adds a signature to check callbacks)"
        value={fields.metadata}
        onChange={(metadata) => set({ metadata })}
        size="form-wide"
        maxLength={500}
        placeholder="Quarter final, match 2"
        testId="code-metadata"
      />
      <div className="form-wide">
        {typeof input === 'string' ? (
          <p className="web-api-warning" data-testid="code-input-problem">
            {input}
          </p>
        ) : null}
        {warning ? (
          <div className="web-api-notice waiting" role="alert" data-testid="code-surplus-warning">
            <p>{warning}</p>
            <TickField
              label="Create them anyway"
              checked={fields.confirmSurplus}
              onChange={(confirmSurplus) => set({ confirmSurplus })}
              testId="code-confirm-surplus"
            />
          </div>
        ) : null}
        {progress && (create.isPending || progress.created > 0) ? (
          <p className="web-api-notice" role="status" data-testid="code-progress">
            {create.isPending
              ? `Created ${progress.created} of ${progress.asked} codes…`
              : `Created ${progress.created} of ${progress.asked} codes${create.data?.stopped ? ' (stopped)' : ''}.`}
          </p>
        ) : null}
        <RequestError error={create.error} testId="code-error" />
      </div>
      <div className="form-actions">
        <button
          type="submit"
          className="primary"
          disabled={blocked || create.isPending}
          data-testid="code-create"
        >
          Create codes
        </button>
        {create.isPending ? (
          <button type="button" onClick={() => (stopRequested.current = true)} data-testid="code-stop">
            Stop after this call
          </button>
        ) : null}
      </div>
    </form>
  );
}
