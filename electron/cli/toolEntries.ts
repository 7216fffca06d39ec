/**
 * The tooling beside the app, each behind one entry and loaded only by the commands that run it. No other CLI
 * module imports them, and they never import the CLI back (lint: e2e/architecture/layeringRule.js).
 *
 * The simulator ships with the CLI as a lazy chunk, for `simulate` and `demo`; the benchmarks and the reliability
 * harness are the development tools (devTools.ts, loaded through builtDevTools.ts), which never ship.
 */
export const loadSimulator = () => import('../simulator/index');
