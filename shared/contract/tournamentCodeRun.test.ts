import { describe, expect, it } from 'vitest';
import type { TournamentCodesCreated } from './tournament';
import { createCodesInRuns, type CodeRunProgress } from './tournamentCodeRun';

const answerOf = (count: number, from = 0): TournamentCodesCreated =>
  ({
    codes: Array.from({ length: count }, (_, index) => ({ code: `NA-${from + index}` })),
    warnings: [],
    winCondition: 'Best of one.',
  }) as unknown as TournamentCodesCreated;

describe('a run of code requests', () => {
  it('asks in requests of 100, judges the surplus of the whole run at the first, and reports each', async () => {
    const asked: unknown[] = [];
    const progress: CodeRunProgress[] = [];
    const run = await createCodesInRuns(
      250,
      async (count, first) => {
        asked.push({ count, ...first });
        return answerOf(count);
      },
      { onAnswer: (_answer, made) => progress.push(made) },
    );
    expect(asked).toEqual([
      { count: 100, runCount: 250 },
      { count: 100, confirmSurplus: true },
      { count: 50, confirmSurplus: true },
    ]);
    expect(progress).toEqual([
      { created: 100, asked: 250 },
      { created: 200, asked: 250 },
      { created: 250, asked: 250 },
    ]);
    expect(run).toMatchObject({ created: 250, asked: 250, stopped: false });
  });

  it('sends no request once stopped, and says so with what was made', async () => {
    let requests = 0;
    const run = await createCodesInRuns(
      1000,
      async (count) => {
        requests += 1;
        return answerOf(count);
      },
      { stopped: () => requests >= 3 },
    );
    expect(requests).toBe(3);
    expect(run).toMatchObject({ created: 300, asked: 1000, stopped: true });
  });

  it('ends when the API makes fewer codes than asked, rather than asking again', async () => {
    let requests = 0;
    const run = await createCodesInRuns(500, async () => {
      requests += 1;
      return answerOf(40);
    });
    expect([requests, run.created, run.stopped]).toEqual([1, 40, false]);
  });
});
