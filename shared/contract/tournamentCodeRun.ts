import { CODES_PER_CREATION_CALL, type TournamentCodesCreated } from './tournament';

/** A run's progress: how many codes are created and stored so far, of how many asked. */
export interface CodeRunProgress {
  created: number;
  asked: number;
}

export interface CodeRunOutcome {
  /** What each request answered, in order (every code in them is stored). */
  answers: TournamentCodesCreated[];
  created: number;
  asked: number;
  /** True when the run was stopped before it asked for every code. */
  stopped: boolean;
}

/**
 * Creates `count` codes as a run of requests of CODES_PER_CREATION_CALL each, the same from the CLI (alone or
 * through the running Sightline) and the desktop form. Each request is one creation call whose codes the desk
 * stores before it answers, so progress is known after each, and a stop (`stopped()` true) is honoured between
 * them: no new request, the one in flight finished and kept. The run's first request is judged for the
 * whole run's surplus; the later ones only continue what was allowed (or confirmed). A refused request
 * rejects with its error, with `onAnswer` having seen every earlier one.
 */
export async function createCodesInRuns(
  count: number,
  request: (
    count: number,
    first: { runCount: number } | { confirmSurplus: true },
  ) => Promise<TournamentCodesCreated>,
  hooks: {
    stopped?: () => boolean;
    onAnswer?: (answer: TournamentCodesCreated, progress: CodeRunProgress) => void;
  } = {},
): Promise<CodeRunOutcome> {
  const answers: TournamentCodesCreated[] = [];
  let created = 0;
  while (created < count && !(hooks.stopped?.() ?? false)) {
    const size = Math.min(CODES_PER_CREATION_CALL, count - created);
    const answer = await request(size, answers.length === 0 ? { runCount: count } : { confirmSurplus: true });
    answers.push(answer);
    created += answer.codes.length;
    hooks.onAnswer?.(answer, { created, asked: count });
    // The API made fewer than asked: asking again would only repeat that.
    if (answer.codes.length < size) break;
  }
  return { answers, created, asked: count, stopped: created < count && (hooks.stopped?.() ?? false) };
}
