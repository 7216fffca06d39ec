/** Numbers as game text shows them: no float noise (0.07 * 100 is "7"), no trailing zeros. */
export function formatNumber(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  // Two decimals cover every Data Dragon value; tiny per-level rune values keep two significant digits.
  const rounded = magnitude < 0.01 ? Number(value.toPrecision(2)) : Math.round(value * 100) / 100;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** Per-rank values as Data Dragon's "Burn" strings write them: "80/130/180", or "40" when all ranks agree. */
export function formatPerRank(values: readonly number[]): string {
  const texts = values.map(formatNumber);
  return texts.every((text) => text === texts[0]) ? (texts[0] ?? '') : texts.join('/');
}
