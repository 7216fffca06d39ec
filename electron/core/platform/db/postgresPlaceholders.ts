/**
 * A statement written with SQLite's placeholders (`?` in order, `?N` by number) in PostgreSQL's ($1…). Quoted
 * strings, quoted names and comments are left as they are.
 */
export function postgresPlaceholders(sql: string): string {
  let out = '';
  let next = 0;
  let i = 0;
  while (i < sql.length) {
    const char = sql[i] ?? '';
    if (char === "'" || char === '"') {
      const end = closingQuote(sql, i, char);
      out += sql.slice(i, end);
      i = end;
    } else if (char === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop;
    } else if (char === '?') {
      const digits = /^\d+/.exec(sql.slice(i + 1))?.[0];
      if (digits) {
        out += `$${digits}`;
        i += 1 + digits.length;
      } else {
        out += `$${(next += 1)}`;
        i += 1;
      }
    } else {
      out += char;
      i += 1;
    }
  }
  return out;
}

/** The index just past the quote closing the one at `start` (a doubled quote is part of the text). */
function closingQuote(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] !== quote) return i + 1;
      i += 2;
    } else {
      i += 1;
    }
  }
  return sql.length;
}
