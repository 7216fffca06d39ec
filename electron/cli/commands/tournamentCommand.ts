import type { CommandIo } from './replayCommand';

/** `sightline tournament …`. */
export async function runTournamentCommand(argv: string[], io: CommandIo): Promise<number> {
  io.err(`sightline tournament: not built yet (${argv.join(' ')})`);
  return 1;
}
