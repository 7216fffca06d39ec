import { runCli, type CliExit } from './cliProcess';

/** The first stdout line of a command that must succeed, as JSON; its stderr in the error otherwise. */
function firstJson<T>(exit: CliExit, what: string): T {
  if (exit.code !== 0) throw new Error(`${what} exited ${exit.code}: ${exit.stderr.join('\n')}`);
  return JSON.parse(exit.stdout[0] ?? '{}') as T;
}

/**
 * A provider on NA and a tournament under it, made with `sightline tournament` in `env` and without a first
 * code (a test makes the codes it counts); the tournament's ID.
 */
export async function tournamentByCli(
  env: Record<string, string>,
  options: { callbackUrl: string; participants: number; name?: string },
): Promise<number> {
  const provider = firstJson<{ providerId: number }>(
    await runCli(['tournament', 'provider', 'create', '--region', 'NA', '--url', options.callbackUrl], env),
    'tournament provider create',
  );
  const args = ['--participants', String(options.participants), '--win-condition', 'Best of one.'];
  if (options.name !== undefined) args.push('--name', options.name);
  const created = await runCli(
    ['tournament', 'create', '--provider', String(provider.providerId), ...args, '--no-first-code'],
    env,
  );
  return firstJson<{ tournamentId: number }>(created, 'tournament create').tournamentId;
}
