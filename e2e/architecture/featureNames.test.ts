import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { requestInputSchemas } from '../../shared/contract';

// The README's "One name per feature" table, held to the tree and the contract: a feature renamed on one side
// only, or a channel under another feature's name, fails here.
interface FeatureRow {
  name: string;
  paths: string[];
  contracts: string[];
  renderer: string | null;
}

const SHELL_PAGES = ['firstRun', 'legal', 'overlays', 'shortcuts', 'status'];

function featureRows(): FeatureRow[] {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme
    .split('### One name per feature')[1]
    ?.split('\n\n')
    .find((part) => part.startsWith('|'));
  if (!section) throw new Error('README has no "One name per feature" table');
  const codes = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
  return section
    .split('\n')
    .slice(2)
    .map((line) => line.split('|').slice(1, -1))
    .map(([, name = '', core = '', contract = '', , renderer = '', simulator = '']) => ({
      name: codes(name)[0] ?? '',
      paths: [...codes(core), ...codes(contract), ...codes(renderer), ...codes(simulator)],
      contracts: codes(contract),
      renderer: codes(renderer)[0] ?? null,
    }));
}

/** The request channels a contract file declares: its `'prefix.rest':` keys. */
function declaredChannels(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^ {2}'([a-zA-Z]+\.[a-zA-Z.]+)': /gm)].map(
    (match) => match[1] ?? '',
  );
}

describe('one name per feature', () => {
  const rows = featureRows();

  it('lists the features', () => {
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['live', 'card', 'staticData', 'store']),
    );
  });

  it('names folders and files that exist, each with the feature’s name', () => {
    for (const row of rows) {
      for (const path of row.paths) expect(existsSync(path), path).toBe(true);
      if (row.renderer) expect(row.renderer, row.name).toBe(`renderer/src/features/${row.name}/`);
    }
  });

  it('gives every channel the name of the feature whose contract declares it', () => {
    for (const row of rows) {
      for (const file of row.contracts) {
        for (const channel of declaredChannels(file))
          expect(channel.split('.')[0], `${channel} in ${file}`).toBe(row.name);
      }
    }
    const names = new Set(rows.map((row) => row.name));
    for (const channel of Object.keys(requestInputSchemas)) {
      expect(names.has(channel.split('.')[0] ?? ''), channel).toBe(true);
    }
  });

  it('has a renderer folder for a feature in the table or a page of the app itself', () => {
    const names = new Set(rows.map((row) => row.name));
    for (const folder of readdirSync('renderer/src/features')) {
      expect(names.has(folder) || SHELL_PAGES.includes(folder), folder).toBe(true);
    }
  });
});
