import {
  CODES_PER_CREATION_CALL,
  codeCountWarning,
  type TournamentCodeSettings,
  type TournamentCodesCreated,
  type tournamentRequestInputSchemas,
} from '@shared/contract';
import type { z } from 'zod';
import type { AllowedPlayers } from './allowedPlayers';
import { newBatchNonce, signMetaData } from '../metaDataSignature';
import type { StoredCode, StoredTournament } from '../storage/tournamentStore';
import { fail, WebApiAnswerError, type TournamentDesk } from '../tournamentDesk';
import { codeView } from '../tournamentSlice';

export type CodesCreateInput = z.output<(typeof tournamentRequestInputSchemas)['tournament.codes.create']>;

export interface CodeBatchesOptions {
  desk: Pick<TournamentDesk, 'api' | 'signal' | 'storage'>;
  now: () => number;
  /** Pushes the desk's state after each call's codes are stored (the form's list grows as they come). */
  refresh: () => Promise<void>;
  /** The codes' allowed players as the API takes them (Riot IDs looked up), checked before any call. */
  playersOf: AllowedPlayers['forCreate'];
}

/**
 * `tournament.codes.create`: codes in creation calls of CODES_PER_CREATION_CALL, each call one batch with its
 * own signed nonce. The batch is recorded before its call is sent, and its codes are stored the moment the
 * call answers, so a process killed mid-call leaves a pending batch whose callbacks the receiver still knows
 * as the desk's (it adopts their codes), and a failure later in the run keeps every code made before it.
 */
export function createCodeBatches(
  options: CodeBatchesOptions,
): (input: CodesCreateInput) => Promise<TournamentCodesCreated> {
  const { desk, now } = options;

  /** One creation call: the batch recorded, the call, its codes stored with the batch closed. */
  const createBatch = async (
    tournament: StoredTournament,
    count: number,
    settings: TournamentCodeSettings,
    metadata: string,
  ): Promise<StoredCode[]> => {
    const { secret, store } = await desk.storage();
    const nonce = newBatchNonce();
    const askedAt = now();
    const batch = { nonce, tournamentId: tournament.tournamentId, asked: count, askedAt, settings, metadata };
    await store.openBatch({ ...batch, created: null });
    const metaData = signMetaData(secret, { tournamentId: tournament.tournamentId, text: metadata }, nonce);
    const made = await desk.api.createCodes(tournament.tournamentId, count, settings, metaData, desk.signal);
    if (!made.ok) {
      // An answer with a status means the API made nothing; without one (a timeout, a dropped connection) it may
      // have, so the batch stays pending and its callbacks are still recognised.
      if (made.problem.status !== null) await store.closeBatch(nonce, []);
      throw new WebApiAnswerError(made.problem);
    }
    const codes: StoredCode[] = made.value.map((code) => ({
      code,
      tournamentId: tournament.tournamentId,
      createdAt: askedAt,
      settings,
      metadata,
      status: 'open',
      gameEndedAt: null,
      batchNonce: nonce,
    }));
    await store.closeBatch(nonce, codes);
    return codes;
  };

  return async (input) => {
    const { store } = await desk.storage();
    const tournament = (await store.listTournaments()).find(
      (item) => item.tournamentId === input.tournamentId,
    );
    if (!tournament)
      return fail('not-found', `Tournament ${input.tournamentId} was not created by this desk.`);
    const existing = (await store.listCodes()).filter(
      (code) => code.tournamentId === tournament.tournamentId,
    );
    const warning = codeCountWarning(
      input.runCount ?? input.count,
      existing.length,
      tournament.policy.participants,
      input.teamSize,
    );
    if (warning && !input.confirmSurplus)
      return fail('bad-input', `${warning} Confirm to create them anyway.`);
    const settings: TournamentCodeSettings = {
      mapType: input.mapType,
      pickType: input.pickType,
      spectatorType: input.spectatorType,
      teamSize: input.teamSize,
      ...(await options.playersOf(input, tournament.tournamentId)),
      enoughPlayers: input.enoughPlayers,
    };
    const stored: StoredCode[] = [];
    while (stored.length < input.count) {
      const size = Math.min(CODES_PER_CREATION_CALL, input.count - stored.length);
      try {
        const codes = await createBatch(tournament, size, settings, input.metadata);
        stored.push(...codes);
        await options.refresh();
        if (codes.length < size) break;
      } catch (error) {
        if (stored.length === 0) throw error;
        // What the API made before the failure is kept, and the error says so.
        const reason = error instanceof Error ? error.message : String(error);
        return fail('io', `${stored.length} of ${input.count} codes were created and kept; then: ${reason}`);
      }
    }
    const at = now();
    return {
      codes: stored.map((code) => codeView(code, at)),
      warnings: warning ? [warning] : [],
      winCondition: tournament.policy.winCondition,
    };
  };
}
