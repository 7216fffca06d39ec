import { useState, type FormEvent } from 'react';
import {
  MAX_WIN_CONDITION_LENGTH,
  MIN_PRIZE_POOL_SHARE,
  MIN_TOURNAMENT_PARTICIPANTS,
  type TournamentState,
} from '@shared/contract';
import { RequestError } from '../../ui/RequestError';
import { TextField, TickField } from '../../ui/forms/LabelledFields';
import { PolicyVerdictView } from './PolicyVerdictView';
import { readPolicyFields, usableProviders, type PolicyCheckInput } from './deskForms';
import { usePolicyCheck } from './usePolicyCheck';
import { useContractSteps } from '../../state/contractQueries';

interface TournamentFormProps {
  desk: TournamentState;
  onCreated(tournamentId: number): void;
}

/**
 * Creates a tournament under a provider. The policy (participants, entry fee share, no betting, a stated
 * win condition) is checked
 * as the organizer types, and a refused tournament is never sent.
 */
export function TournamentForm({ desk, onCreated }: TournamentFormProps) {
  const providers = usableProviders(desk);
  const [providerId, setProviderId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [firstMatch, setFirstMatch] = useState('');
  const [participants, setParticipants] = useState('');
  const [entryFee, setEntryFee] = useState('0');
  const [share, setShare] = useState('100');
  const [betting, setBetting] = useState(false);
  const [winCondition, setWinCondition] = useState('');
  const [firstCode, setFirstCode] = useState(true);
  // Untouched since it opened or since the last tournament was created: the policy's refusals (an empty
  // win condition above all) wait until the organizer acts, as a fresh form's do.
  const [pristine, setPristine] = useState(true);
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setPristine(false);
      set(value);
    };
  const chosen = providers.find((provider) => provider.providerId === providerId) ?? providers.at(-1) ?? null;

  const policyInput = readPolicyFields({ participants, entryFee, share, betting, firstMatch, winCondition });
  const policy = usePolicyCheck(typeof policyInput === 'string' ? null : policyInput);
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const create = useContractSteps({
    steps: async (api, input: PolicyCheckInput & { providerId: number }) => {
      const tournament = await api.request('tournament.create', { ...input, name: name.trim() });
      // The spec's advice: a code generated at creation keeps the tournament from being cleaned up.
      // The tournament exists either way, so a failed code must not read as a failed tournament.
      const firstCodeError = firstCode
        ? await api
            .request('tournament.codes.create', { tournamentId: tournament.tournamentId, count: 1 })
            .then(() => null)
            .catch((error: unknown) => (error instanceof Error ? error.message : String(error)))
        : null;
      return { tournament, firstCodeError };
    },
    onSuccess: ({ tournament, firstCodeError }) => {
      setName('');
      setWinCondition('');
      setPristine(true);
      setCodeProblem(
        firstCodeError
          ? `The tournament was created, but its first code was not: ${firstCodeError} Create one below.`
          : null,
      );
      onCreated(tournament.tournamentId);
    },
  });

  const canCreate =
    chosen !== null && typeof policyInput !== 'string' && policy.settled && policy.verdict?.allowed === true;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate || typeof policyInput === 'string') return;
    create.mutate({ ...policyInput, providerId: chosen.providerId });
  };

  return (
    <form className="desk-form" onSubmit={submit} data-testid="tournament-form">
      <label>
        <span>Provider</span>
        <select
          value={chosen?.providerId ?? ''}
          onChange={(event) => edited(setProviderId)(Number(event.target.value))}
          disabled={providers.length === 0}
          data-testid="tournament-provider"
        >
          {providers.length === 0 ? <option value="">Register a provider first</option> : null}
          {providers.map((provider) => (
            <option key={provider.providerId} value={provider.providerId}>
              {provider.providerId} · {provider.region} · {provider.callbackUrl}
            </option>
          ))}
        </select>
      </label>
      <TextField
        label="Name"
        value={name}
        onChange={edited(setName)}
        size="grow"
        maxLength={100}
        placeholder="Spring cup"
        testId="tournament-name"
      />
      <TextField
        label="First match"
        type="datetime-local"
        value={firstMatch}
        onChange={edited(setFirstMatch)}
        testId="tournament-first-match"
      />
      <TextField
        label={`Participants (≥ ${MIN_TOURNAMENT_PARTICIPANTS})`}
        value={participants}
        onChange={edited(setParticipants)}
        size="narrow"
        inputMode="numeric"
        testId="tournament-participants"
      />
      <TextField
        label="Entry fee"
        value={entryFee}
        onChange={edited(setEntryFee)}
        size="narrow"
        inputMode="decimal"
        testId="tournament-fee"
      />
      <TextField
        label="Fees to prize pool (%)"
        value={share}
        onChange={edited(setShare)}
        size="narrow"
        inputMode="decimal"
        testId="tournament-share"
      />
      <TextField
        label="Win condition"
        value={winCondition}
        onChange={edited(setWinCondition)}
        size="form-wide"
        maxLength={MAX_WIN_CONDITION_LENGTH}
        required
        placeholder="Best of one; the final is best of three. The last team standing wins the cup."
        testId="tournament-win-condition"
      />
      <TickField
        label="Betting on matches"
        checked={betting}
        onChange={edited(setBetting)}
        testId="tournament-betting"
      />
      <TickField
        label="Generate one code now"
        checked={firstCode}
        onChange={setFirstCode}
        testId="tournament-first-code"
      />
      <div className="form-actions">
        <button
          type="submit"
          className="primary"
          disabled={!canCreate || create.isPending}
          data-testid="tournament-create"
        >
          Create tournament
        </button>
      </div>
      <div className="form-wide">
        {typeof policyInput === 'string' ? (
          <p className="muted" data-testid="tournament-input-problem">
            {policyInput}
          </p>
        ) : (
          <PolicyVerdictView verdict={pristine ? null : policy.verdict} />
        )}
        <p className="muted desk-hint">
          Rules: at least {MIN_TOURNAMENT_PARTICIPANTS} participants; with an entry fee, at least{' '}
          {MIN_PRIZE_POOL_SHARE} % of the fees go to the prize pool; no betting; fair and transparent win
          conditions, stated here and shown with every code. Create the tournament no more than a week before
          its first match and generate one code at creation (a tournament without an active code is cleaned
          up); create the rest of the codes when the bracket is known.
        </p>
        {codeProblem ? (
          <p className="web-api-warning" role="alert" data-testid="tournament-first-code-problem">
            {codeProblem}
          </p>
        ) : null}
        <RequestError error={policy.error ?? create.error} testId="tournament-error" />
      </div>
    </form>
  );
}
