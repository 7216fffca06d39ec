import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';

/**
 * A real PostgreSQL server for tests: a cluster of its own in a temporary folder, listening on a loopback port,
 * with password (SCRAM) authentication as a real deployment has. Made with the machine's PostgreSQL programs
 * (Debian's `postgresql` package), never a mock; stopped and removed by `stop()`, or killed with this process.
 */
export interface ThrowawayPostgres {
  readonly port: number;
  /** The superuser's URL of the `postgres` database, password included. */
  readonly adminUrl: string;
  /** Creates an empty database and returns its URL (same user and password). */
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
}

const USER = 'sightline_test';
const START_TIMEOUT_MS = 30_000;

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  const dir = await mkdtemp(join(tmpdir(), 'sightline-postgres-'));
  // PostgreSQL refuses to run as root: the cluster then belongs to the postgres (or nobody) account.
  const owner = process.getuid?.() === 0 ? unprivilegedAccount() : null;
  if (owner) await chown(dir, owner.uid, owner.gid);
  const asOwner = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const password = randomBytes(12).toString('hex');
  const passwordFile = join(dir, 'password');
  await writeFile(passwordFile, password, { mode: 0o600 });
  if (owner) await chown(passwordFile, owner.uid, owner.gid);
  const data = join(dir, 'data');

  await run(
    join(bin, 'initdb'),
    [
      '-D',
      data,
      '-U',
      USER,
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ],
    asOwner,
  );
  await rm(passwordFile, { force: true });

  const port = await freeLoopbackPort();
  const server = spawn(
    join(bin, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      // A throwaway cluster: nothing needs to survive a crash of the machine.
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    { ...asOwner, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const log: string[] = [];
  server.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  // Immediate shutdown if the test process ends without stop(): no server is left behind.
  const killOnExit = () => server.kill('SIGQUIT');
  process.once('exit', killOnExit);

  const adminUrl = `postgres://${USER}:${password}@127.0.0.1:${port}/postgres`;
  await waitUntilAccepting(adminUrl, server, log);

  let databases = 0;
  return {
    port,
    adminUrl,
    async createDatabase() {
      const name = `sightline_${process.pid}_${(databases += 1)}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return `postgres://${USER}:${password}@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      process.removeListener('exit', killOnExit);
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        // Fast shutdown: open sessions are cut, as when an organizer's server stops.
        server.kill('SIGINT');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Where initdb and postgres are: on PATH, else Debian's /usr/lib/postgresql/<version>/bin (newest). */
function postgresBinDir(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres'))) return dir;
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSyncSafe(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const dir = join(root, version, 'bin');
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  throw new Error(
    'The tests need a PostgreSQL server program (initdb, postgres): install Debian\'s "postgresql" package (.ci/run does).',
  );
}

function readdirSyncSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The postgres account (Debian's package makes it), else nobody. */
function unprivilegedAccount(): { uid: number; gid: number } {
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n');
  for (const name of ['postgres', 'nobody']) {
    const fields = passwd.find((line) => line.startsWith(`${name}:`))?.split(':');
    if (fields?.[2] && fields[3]) return { uid: Number(fields[2]), gid: Number(fields[3]) };
  }
  throw new Error('No postgres or nobody account to run PostgreSQL as (it refuses to run as root).');
}

function run(command: string, args: string[], options: { uid?: number; gid?: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/** A loopback port free now (nothing listens on it once this resolves). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilAccepting(url: string, server: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`postgres exited at start: ${log.join('').trim()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) {
        server.kill('SIGQUIT');
        throw new Error(
          `postgres did not accept connections in time: ${String(error)}; ${log.join('').trim()}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
