import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The README's "Policy rules and where they hold" table, held to the tree: a rule whose enforcing file moved,
// whose test was renamed or deleted, or that names no test at all fails here.
interface PolicyRow {
  source: string;
  rule: string;
  enforcedIn: string[];
  tests: { file: string; title: string }[];
  mutation: string;
}

const SECTION = '## Policy rules and where they hold';
const TEST_FILE = /\.(test|spec)\.tsx?$/;

function policyRows(): PolicyRow[] {
  const readme = readFileSync('README.md', 'utf8');
  const table = readme
    .split(SECTION)[1]
    ?.split('\n\n')
    .find((part) => part.startsWith('|'));
  if (!table) throw new Error(`README has no "${SECTION}" table`);
  const codes = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
  return table
    .split('\n')
    .slice(2)
    .map((line) => line.split(' | '))
    .map(([source = '', rule = '', enforcedIn = '', tests = '', mutation = '']) => ({
      source: source.replace(/^\|\s*/, ''),
      rule,
      enforcedIn: codes(enforcedIn).filter((code) => code.includes('/')),
      tests: tests.split('<br>').map((entry) => {
        const [file = '', title = ''] = entry.split(' › ');
        return { file: codes(file)[0] ?? '', title: title.trim() };
      }),
      mutation: mutation.replace(/\s*\|$/, ''),
    }));
}

/** Where `title` is the title of an `it`/`test` call in `source` (also `it.each(…)(title`). */
function isTestTitle(source: string, title: string): boolean {
  return ["'", '"', '`'].some((quote) => {
    const quoted = `${quote}${title}${quote}`;
    for (let at = source.indexOf(quoted); at !== -1; at = source.indexOf(quoted, at + 1)) {
      const before = source.slice(Math.max(0, at - 400), at);
      if (/(\b(it|test)(\.(only|skip|concurrent))?|\.each\([\s\S]*\))\s*\(\s*$/.test(before)) return true;
    }
    return false;
  });
}

describe('the policy rules table', () => {
  const rows = policyRows();

  it('has a row for each spec and for the hard rules', () => {
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const source of ['spec 1', 'spec 2', 'spec 3', 'hard rule']) {
      expect(
        rows.some((row) => row.source.includes(source)),
        source,
      ).toBe(true);
    }
  });

  it('gives every row its source, the rule, an enforcing file, a test and the mutation it was checked with', () => {
    for (const row of rows) {
      expect(row.source, row.rule).toMatch(/^(spec [123] §\d|hard rule)/);
      expect(row.rule.trim(), row.source).not.toBe('');
      expect(row.enforcedIn.length, row.rule).toBeGreaterThan(0);
      expect(row.tests.length, row.rule).toBeGreaterThan(0);
      expect(row.mutation.trim(), row.rule).not.toBe('');
    }
  });

  it('names enforcing files that exist', () => {
    for (const row of rows) {
      for (const file of row.enforcedIn) expect(existsSync(file), `${file} (${row.rule})`).toBe(true);
    }
  });

  it('names tests that exist, each in the test file named beside it', () => {
    for (const row of rows) {
      for (const { file, title } of row.tests) {
        expect(file, row.rule).toMatch(TEST_FILE);
        expect(existsSync(file), `${file} (${row.rule})`).toBe(true);
        expect(title, file).not.toBe('');
        expect(isTestTitle(readFileSync(file, 'utf8'), title), `${file} › ${title}`).toBe(true);
      }
    }
  });
});

describe('reading a test title', () => {
  it('finds it, it.each and test titles, and nothing else', () => {
    const source = [
      "describe('a group', () => {",
      "  it('plain', () => {});",
      '  it.each([1, 2])(',
      "    'each %s',",
      '    () => {},',
      '  );',
      '  test("double quoted", async ({ page }) => {});',
      "  expect('in an assertion').toBe('x');",
      '});',
    ].join('\n');
    for (const title of ['plain', 'each %s', 'double quoted'])
      expect(isTestTitle(source, title), title).toBe(true);
    for (const title of ['a group', 'in an assertion', 'plai'])
      expect(isTestTitle(source, title), title).toBe(false);
  });
});
