import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serve } from '../core/app/serve/serve';
import { allFaultCells, type FaultCell } from './faultCells';
import { MAX_RECOVERY_POLLS, runFaultMatrix, type CellResult } from './faultMatrix';
import { formatFaultMatrix } from './faultMatrixTable';

// A few cells of `npm run faults` against the real host, as the command runs them (the whole matrix takes
// minutes: it is the command's job, not every test run's).

const paths = {
  serve,
  rendererDir: fileURLToPath(new URL('../../renderer', import.meta.url)),
  resourcesDir: fileURLToPath(new URL('../../resources', import.meta.url)),
};

describe('the fault matrix', () => {
  it('lists every fault on every client it applies to', () => {
    const cells = allFaultCells();
    const names = cells.map((cell) => `${cell.service} ${cell.fault}`);
    expect(names).toContain('card reset-mid-body');
    expect(names).toContain('replay oversize-body');
    expect(names).toContain('live clock-back');
    expect(names).not.toContain('card unknown-ca');
    expect(names).not.toContain('card clock-back');
    expect(names).toContain('webApi server-error');
    expect(names).toContain('staticData cut-body');
    expect(names).toContain('store 429-storm');
    expect(names).toContain('signOn 429-retry-after');
    expect(names).toContain('signOn hang');
    for (const service of ['webApi', 'staticData', 'store', 'signOn'])
      expect(names).toContain(`${service} dns-down`);
    // The local game clients are on 127.0.0.1: no name to resolve.
    expect(names).not.toContain('live dns-down');
    expect(cells.filter((cell) => cell.shows === 'absorbed').map((cell) => cell.fault)).toEqual([
      'clock-back',
    ]);
  });

  it('measures a handful of cells against the real host: shown in words, back within two polls, nothing lost', async () => {
    const cells: FaultCell[] = [
      { service: 'card', fault: 'client-restart', shows: 'words' },
      { service: 'live', fault: 'wrong-shape', shows: 'words' },
      { service: 'replay', fault: 'reset-mid-body', shows: 'words' },
      { service: 'live', fault: 'clock-back', shows: 'absorbed' },
      { service: 'webApi', fault: '429-storm', shows: 'words' },
      { service: 'signOn', fault: 'server-error', shows: 'words' },
      { service: 'store', fault: 'dns-down', shows: 'words' },
    ];
    const results = await runFaultMatrix({ cells, ...paths, faultMs: 3000 });
    const table = [...formatFaultMatrix(results), ...results.flatMap((result) => result.escaped)];
    expect(
      results.map((result) => result.passed),
      table.join('\n'),
    ).toEqual([true, true, true, true, true, true, true]);
    const [restart, wrongShape] = results;
    expect(restart?.shown).toMatch(/^(not running|waiting)/);
    expect(wrongShape?.shown).toMatch(/^error: bad response/);
    for (const result of results) expect(result.recoveryPolls).toBeLessThanOrEqual(MAX_RECOVERY_POLLS);
    expect(results[4]?.shown).toMatch(/^rate limited \(service\): account lookups/);
    expect(results[5]?.shown).toBe(
      'The sign-on server refused the request (HTTP 503, temporarily_unavailable).',
    );
    expect(results[6]?.shown).toMatch(
      /network error: the host's name could not be resolved \(offline or DNS down: ENOTFOUND\)/,
    );
    expect(table).toContain('faults: 7 cells, 7 passed, 0 failed');
  }, 180_000);

  it('marks a cell that failed, and says why in its row', () => {
    const failed: CellResult = {
      cell: { service: 'card', fault: 'hang', shows: 'words' },
      hostUp: true,
      escaped: [],
      shown: null,
      recoveryPolls: null,
      recoveryMs: null,
      lost: ['card game 1 win'],
      passed: false,
    };
    const [header, , row, , summary] = formatFaultMatrix([failed]);
    expect(header).toMatch(/^\| service \| fault \| host up \| shown to the user/);
    expect(row?.split('|').map((cell) => cell.trim())).toEqual([
      '',
      'card',
      'hang',
      'yes',
      '(nothing)',
      'never',
      'card game 1 win',
      'FAIL',
      '',
    ]);
    expect(summary).toBe('faults: 1 cells, 0 passed, 1 failed');
  });
});
