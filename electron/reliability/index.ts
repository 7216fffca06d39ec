/**
 * The reliability harness's one entry, loaded lazily by `sightline faults` and `sightline soak`: it drives the
 * real host against the simulator. The CLI passes it `serve`, so the harness never imports the CLI back.
 */
export { runFaultsCommand } from './faultsCommand';
export { runSoakCommand } from './soakCommand';
