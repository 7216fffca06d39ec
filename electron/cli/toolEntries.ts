/**
 * What ships beside the app for tooling, each behind one entry and loaded only by the commands that run it:
 * the simulator (`simulate`, `demo`, `bench`) and the reliability harness (`faults`, `soak`). No other CLI
 * module imports them, and they never import the CLI back (lint: e2e/architecture/layeringRule.js).
 */
export const loadSimulator = () => import('../../e2e/simulator/index');

export const loadReliabilityHarness = () => import('../../e2e/reliability/index');
