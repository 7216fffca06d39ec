import { describe, expect, it } from 'vitest';
import { isGameRunning, listGameProcesses, type GameProcessNames, type RunCommand } from './runningProcesses';

const GAME: GameProcessNames = {
  windows: ['LoR', "Odd'Name"],
  isMacExecutable: (path) => path.endsWith('/LoR'),
};

/** Answers by program name; records each call's program and arguments. */
function fakeRun(answers: Record<string, string | Error>, calls: string[][] = []): RunCommand {
  return async (file, args) => {
    calls.push([file, ...args]);
    const answer = answers[file] ?? new Error(`spawn ${file} ENOENT`);
    if (answer instanceof Error) throw answer;
    return answer;
  };
}

describe('listGameProcesses', () => {
  it('asks PowerShell for the named processes on Windows, a hidden path as the bare name', async () => {
    const calls: string[][] = [];
    const run = fakeRun(
      { 'powershell.exe': 'C:\\Riot Games\\LoR\\live\\Game\\LoR.exe\r\nLoR.exe\r\n\r\n' },
      calls,
    );
    expect(await listGameProcesses({ platform: 'win32', run }, GAME)).toEqual([
      'C:\\Riot Games\\LoR\\live\\Game\\LoR.exe',
      'LoR.exe',
    ]);
    expect(calls[0]?.at(-1)).toContain("Get-Process -Name 'LoR','Odd''Name'");
  });

  it('falls back to wmic, and reads a record without a path by its name', async () => {
    const calls: string[][] = [];
    const run = fakeRun(
      {
        'powershell.exe': new Error('spawn powershell.exe ENOENT'),
        wmic: '\r\r\nExecutablePath=D:\\LoR\\LoR.exe\r\r\nName=LoR.exe\r\r\n\r\r\nExecutablePath=\r\r\nName=LoR.exe\r\r\n',
      },
      calls,
    );
    expect(await listGameProcesses({ platform: 'win32', run }, GAME)).toEqual([
      'D:\\LoR\\LoR.exe',
      'LoR.exe',
    ]);
    expect(calls[1]).toContain("name='LoR.exe' or name='Odd\\'Name.exe'");
  });

  it('filters ps on macOS with the game’s own test', async () => {
    const run = fakeRun({
      ps: '/sbin/launchd\n/Applications/Legends of Runeterra.app/Contents/MacOS/LoR\n/Applications/Safari.app/Contents/MacOS/Safari\n',
    });
    expect(await listGameProcesses({ platform: 'darwin', run }, GAME)).toEqual([
      '/Applications/Legends of Runeterra.app/Contents/MacOS/LoR',
    ]);
  });

  it('says it cannot tell when the list cannot be read, or on other systems (without running anything)', async () => {
    const calls: string[][] = [];
    expect(await listGameProcesses({ platform: 'win32', run: fakeRun({}, calls) }, GAME)).toBeNull();
    expect(await listGameProcesses({ platform: 'darwin', run: fakeRun({}, calls) }, GAME)).toBeNull();
    expect(calls.map(([file]) => file)).toEqual(['powershell.exe', 'wmic', 'ps']);
    const linux: string[][] = [];
    expect(await isGameRunning({ platform: 'linux', run: fakeRun({}, linux) }, GAME)).toBeNull();
    expect(linux).toEqual([]);
  });

  it('tells running from not running', async () => {
    expect(await isGameRunning({ platform: 'darwin', run: fakeRun({ ps: '/sbin/launchd\n' }) }, GAME)).toBe(
      false,
    );
    expect(
      await isGameRunning({ platform: 'win32', run: fakeRun({ 'powershell.exe': 'LoR.exe\r\n' }) }, GAME),
    ).toBe(true);
  });
});
