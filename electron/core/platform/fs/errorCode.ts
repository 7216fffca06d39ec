/** A system error's code (`ENOENT`, `EEXIST`…), or undefined for any other thrown value. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
