import type { CommandIo } from './replayCommand';

/** `sightline store …`. */
export async function runStoreCommand(argv: string[], io: CommandIo): Promise<number> {
  io.err(`sightline store: not built yet (${argv.join(' ')})`);
  return 1;
}
