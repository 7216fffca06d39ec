import type { CellResult } from './faultMatrix';

const COLUMNS = [
  'service',
  'fault',
  'host up',
  'shown to the user',
  'recovery',
  'data lost',
  'result',
] as const;
const MAX_SHOWN = 60;

/** One row per cell, as `npm run faults` prints it and the README quotes it. */
export function faultMatrixRows(results: readonly CellResult[]): string[][] {
  return results.map((result) => [
    result.cell.service,
    result.cell.fault,
    result.hostUp ? 'yes' : 'NO',
    shownText(result),
    recoveryText(result),
    result.lost.length === 0 ? 'none' : result.lost.join('; '),
    result.passed ? 'pass' : 'FAIL',
  ]);
}

/**
 * Local clients recover in polls, the web API in requests after the last refusal, static data in syncs, sign-on
 * in reads of the linked account.
 */
function recoveryText(result: CellResult): string {
  const count = result.recoveryPolls;
  if (count === null) return 'never';
  const unit =
    { webApi: 'request', store: 'request', staticData: 'sync', signOn: 'read' }[
      result.cell.service as string
    ] ?? 'poll';
  return `${count} ${unit}${count === 1 ? '' : 's'}, ${result.recoveryMs} ms`;
}

function shownText(result: CellResult): string {
  if (result.shown === null) return result.cell.shows === 'absorbed' ? '(nothing to show)' : '(nothing)';
  return result.shown.length > MAX_SHOWN ? `${result.shown.slice(0, MAX_SHOWN - 1)}…` : result.shown;
}

/** A Markdown table (readable as plain text too), then one summary line. */
export function formatFaultMatrix(results: readonly CellResult[]): string[] {
  const rows = faultMatrixRows(results);
  const widths = COLUMNS.map((column, index) =>
    Math.max(column.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(' | ')} |`;
  const failed = results.filter((result) => !result.passed).length;
  return [
    line(COLUMNS),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    '',
    `faults: ${results.length} cells, ${results.length - failed} passed, ${failed} failed`,
  ];
}
