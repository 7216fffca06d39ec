/** Scenario time: seconds since start, running `timeScale` times faster than the real clock, plus manual jumps. */
export interface ScenarioClock {
  /** Scenario seconds elapsed since the last (re)start. */
  seconds(): number;
  /** Jump forward (tests use it to skip waiting). */
  advance(seconds: number): void;
  /** Back to 0, optionally with a new time scale. */
  restart(timeScale?: number): void;
  /** Real milliseconds that `scenarioSeconds` take at the current scale. */
  realMs(scenarioSeconds: number): number;
}

export function createScenarioClock(now: () => number, initialTimeScale: number): ScenarioClock {
  let timeScale = initialTimeScale;
  let startedAt = now();
  let jumped = 0;
  return {
    seconds: () => jumped + ((now() - startedAt) / 1000) * timeScale,
    advance(seconds) {
      if (!Number.isFinite(seconds) || seconds < 0)
        throw new RangeError('advance needs a non-negative number of seconds');
      jumped += seconds;
    },
    restart(nextTimeScale) {
      if (nextTimeScale !== undefined) timeScale = nextTimeScale;
      startedAt = now();
      jumped = 0;
    },
    realMs: (scenarioSeconds) => (scenarioSeconds * 1000) / timeScale,
  };
}
