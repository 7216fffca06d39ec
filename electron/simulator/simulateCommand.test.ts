import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSimulateArgs, runSimulateCommand } from './simulateCommand';
import { failureCode } from './simulatorTestKit';
import { SIMULATOR_API_KEY } from './webApi/webApiSimulator';
import { usageErrorLine } from '../cli/usageErrors';

const dir = mkdtempSync(join(tmpdir(), 'sightline-simulate-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const quick = new URL('./scenarios/quick.json', import.meta.url).pathname;

/** Distinct ports that were free a moment ago: all are held at once, then released. */
async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  await Promise.all(
    servers.map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no free port');
    return address.port;
  });
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

describe('runSimulateCommand', () => {
  it('prints one line per service, the CA path, the static hosts, then the web-facing services, and serves until closed', async () => {
    const lines: string[] = [];
    const caDir = join(dir, 'nested', 'ca');
    const handle = await runSimulateCommand(['--scenario', quick, '--ca-out', caDir], (line) =>
      lines.push(line),
    );
    try {
      expect(lines).toHaveLength(11);
      expect(lines[0]).toMatch(/^live: https:\/\/127\.0\.0\.1:\d+$/);
      expect(lines[1]).toMatch(/^card: http:\/\/127\.0\.0\.1:\d+$/);
      expect(lines[2]).toMatch(/^replay: https:\/\/127\.0\.0\.1:\d+$/);
      expect(lines[3]).toMatch(/^control: http:\/\/127\.0\.0\.1:\d+$/);
      expect(lines[4]).toBe(`ca: ${join(caDir, 'ca.pem')}`);
      expect(lines[5]).toMatch(/^ddragon: http:\/\/127\.0\.0\.1:\d+$/);
      expect(lines[6]).toMatch(/^cardData: http:\/\/127\.0\.0\.1:\d+$/);
      const ddragon = lines[5]?.slice('ddragon: '.length) ?? '';
      expect(lines[7]).toBe(`constants: ${ddragon}/docs/lol`);
      const ca = readFileSync(join(caDir, 'ca.pem'), 'utf8');
      expect(new X509Certificate(ca).ca).toBe(true);
      const control = lines[3]?.slice('control: '.length) ?? '';
      expect(await failureCode(`${control}/state`)).toBe('ok');
      // The printed static hosts are the running ones: each answers with its data.
      const cardData = lines[6]?.slice('cardData: '.length) ?? '';
      const versions = await fetch(`${ddragon}/api/versions.json`);
      expect(versions.status).toBe(200);
      expect(await versions.json()).toContain('14.1.2');
      const queues = await fetch(`${lines[7]?.slice('constants: '.length) ?? ''}/queues.json`);
      expect(queues.status).toBe(200);
      const core = await fetch(`${cardData}/latest/core-en_us.zip`);
      expect(core.status).toBe(200);
      expect(core.headers.get('content-type')).toBe('application/zip');

      // After the lines tools read by position: the services `demo` runs beside the app, each answering.
      expect(lines.slice(8).map((line) => line.split(': ')[0])).toEqual(['webApi', 'signOn', 'store']);
      const url = (name: string) =>
        lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
      expect(lines.slice(8).every((line) => /^\w+: http:\/\/127\.0\.0\.1:\d+$/.test(line))).toBe(true);
      const account = await fetch(
        `${url('webApi')}/americas/riot/account/v1/accounts/by-riot-id/Brightwater/NA1`,
        {
          headers: { 'X-Riot-Token': SIMULATOR_API_KEY },
        },
      );
      expect(account.status).toBe(200);
      expect(await account.json()).toMatchObject({ gameName: 'Brightwater', tagLine: 'NA1' });
      const token = await fetch(`${url('signOn')}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=authorization_code&code=none',
      });
      expect(token.status).toBe(401);
      const discovery = await fetch(`${url('store')}/.well-known/ucp`);
      expect(discovery.status).toBe(200);
      expect(await discovery.text()).toContain('/api/ucp/mcp');
    } finally {
      await handle.close();
    }
  });

  it('uses the ports it is given and prints no ca line without --ca-out', async () => {
    const lines: string[] = [];
    const handle = await runSimulateCommand(
      ['simulate', `--scenario=${quick}`, '--control-port', '0'],
      (line) => lines.push(line),
    );
    await handle.close();
    expect(lines.map((line) => line.split(':')[0])).toEqual([
      'live',
      'card',
      'replay',
      'control',
      'ddragon',
      'cardData',
      'constants',
      'webApi',
      'signOn',
      'store',
    ]);
  });

  it('puts the static hosts on the ports it is given', async () => {
    const [ddragonPort = 0, cardDataPort = 0] = await freePorts(2);
    const lines: string[] = [];
    const handle = await runSimulateCommand(
      ['--scenario', quick, '--ddragon-port', String(ddragonPort), `--card-data-port=${cardDataPort}`],
      (line) => lines.push(line),
    );
    await handle.close();
    expect(lines.slice(4, 7)).toEqual([
      `ddragon: http://127.0.0.1:${ddragonPort}`,
      `cardData: http://127.0.0.1:${cardDataPort}`,
      `constants: http://127.0.0.1:${ddragonPort}/docs/lol`,
    ]);
  });

  it('rejects bad flags and bad scenarios with clear messages', async () => {
    expect(() => parseSimulateArgs([])).toThrow(/--scenario <file> is required/);
    expect(() => parseSimulateArgs(['--scenario', 'a.json', '--live-port', 'x'])).toThrow(
      /--live-port needs a port number/,
    );
    expect(() => parseSimulateArgs(['--scenario', 'a.json', '--live-port', '70000'])).toThrow(/0 to 65535/);
    // Parsed as every command is: the CLI's one usage line names the option the same way.
    expect(usageLineOf(['--scenario'])).toBe(
      'sightline simulate: --scenario needs a value (see sightline simulate --help)',
    );
    expect(usageLineOf(['--scenario', '--live-port', '1'])).toBe(
      'sightline simulate: --scenario needs a value (see sightline simulate --help)',
    );
    expect(usageLineOf(['--scenario', 'a.json', '--verbose'])).toBe(
      'sightline simulate: unknown option --verbose (see sightline simulate --help)',
    );
    expect(parseSimulateArgs(['--scenario', 'a.json', '--replay-port=2999'])).toEqual({
      scenario: 'a.json',
      replayPort: 2999,
    });
    expect(
      parseSimulateArgs(['--scenario', 'a.json', '--ddragon-port', '0', '--card-data-port=8081']),
    ).toEqual({
      scenario: 'a.json',
      ddragonPort: 0,
      cardDataPort: 8081,
    });
    expect(() => parseSimulateArgs(['--scenario', 'a.json', '--card-data-port=-1'])).toThrow(
      /--card-data-port needs a port number/,
    );
    await expect(runSimulateCommand(['--scenario', join(dir, 'none.json')], () => undefined)).rejects.toThrow(
      /Cannot read scenario file/,
    );
  });
});

function usageLineOf(argv: string[]): string | null {
  try {
    parseSimulateArgs(argv);
    return null;
  } catch (error) {
    return usageErrorLine('simulate', error);
  }
}
