/**
 * The simulator's one public entry: every outside service Sightline talks to, on 127.0.0.1. It depends on
 * nothing but shared/, so the CLI can ship it and load it lazily (`simulate`, `demo`, `bench`) without the
 * core and the simulator ever importing each other.
 */
export * from './gameClientSimulator';
export { startDemoServices, DEMO_SIGN_ON_CLIENT } from './demo/demoServices';
export type { DemoServices } from './demo/demoServices';
export { loopScenario, nextGameLine } from './demo/scenarioLoop';
export { createSimulatedGameInstall } from './demo/simulatedGameInstall';
export { runSimulateCommand } from './simulateCommand';
export { PUBLISHED_CARD_SETS, startStaticHosts } from './staticData';
export type { RunningStaticHosts, StaticHostsOptions } from './staticData';
export { startWebApiSimulator, SIMULATOR_API_KEY } from './webApi/webApiSimulator';
export type { RunningWebApiSimulator } from './webApi/webApiSimulator';
export { startStoreSimulator } from './store/storeSimulator';
export { startSignOnSimulator } from './signOn/signOnSimulator';
