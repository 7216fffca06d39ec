import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSimulateArgs, runSimulateCommand } from './simulateCommand';
import { failureCode } from './simulatorTestKit';

const dir = mkdtempSync(join(tmpdir(), 'sightline-simulate-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const quick = new URL('./scenarios/quick.json', import.meta.url).pathname;

describe('runSimulateCommand', () => {
  it('prints one line per service then the CA path, and serves until closed', async () => {
    const lines: string[] = [];
    const caDir = join(dir, 'nested', 'ca');
    const handle = await runSimulateCommand(['--scenario', quick, '--ca-out', caDir], (line) =>
      lines.push(line),
    );
    try {
      expect(lines).toHaveLength(5);
      expect(lines[0]).toMatch(/^live: https:\/\/127\.0\.0\.1:\d+$/);
      expect(lines[1]).toMatch(/^card: http:\/\/127\.0\.0\.1:\d+$/);
      expect(lines[2]).toMatch(/^replay: https:\/\/127\.0\.0\.1:\d+$/);
      expect(lines[3]).toMatch(/^control: http:\/\/127\.0\.0\.1:\d+$/);
      expect(lines[4]).toBe(`ca: ${join(caDir, 'ca.pem')}`);
      const ca = readFileSync(join(caDir, 'ca.pem'), 'utf8');
      expect(new X509Certificate(ca).ca).toBe(true);
      const control = lines[3]?.slice('control: '.length) ?? '';
      expect(await failureCode(`${control}/state`)).toBe('ok');
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
    expect(lines.map((line) => line.split(':')[0])).toEqual(['live', 'card', 'replay', 'control']);
  });

  it('rejects bad flags and bad scenarios with clear messages', async () => {
    expect(() => parseSimulateArgs([])).toThrow(/--scenario <file> is required/);
    expect(() => parseSimulateArgs(['--scenario', 'a.json', '--live-port', 'x'])).toThrow(
      /--live-port needs a port number/,
    );
    expect(() => parseSimulateArgs(['--scenario', 'a.json', '--live-port', '70000'])).toThrow(/0 to 65535/);
    expect(() => parseSimulateArgs(['--scenario'])).toThrow(/--scenario needs a value/);
    expect(() => parseSimulateArgs(['--scenario', 'a.json', '--verbose'])).toThrow(
      /Unknown option "--verbose"/,
    );
    expect(parseSimulateArgs(['--scenario', 'a.json', '--replay-port=2999'])).toEqual({
      scenario: 'a.json',
      replayPort: 2999,
    });
    await expect(runSimulateCommand(['--scenario', join(dir, 'none.json')], () => undefined)).rejects.toThrow(
      /Cannot read scenario file/,
    );
  });
});
