/**
 * Whether a D1 failure was the named constraint. Drizzle wraps D1's error, so the
 * whole cause chain is searched, e.g. for 'UNIQUE constraint failed: collections.slug'.
 */
export function isConstraintError(err: unknown, text: string): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e.message.includes(text)) return true;
  }
  return false;
}
