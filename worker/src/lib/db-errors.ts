/**
 * D1's own message for a failure, e.g. 'UNIQUE constraint failed: users.email: …'.
 * Drizzle wraps D1's error in one whose message quotes the statement's parameters
 * (names, addresses, emails), so it is the innermost cause that is read and logged.
 */
function databaseMessage(err: Error): string {
  let inner = err;
  while (inner.cause instanceof Error) inner = inner.cause;
  return inner.message;
}

/** Whether a D1 failure was the named constraint ('UNIQUE constraint failed: users.email'). */
export function isConstraintError(err: unknown, text: string): boolean {
  return err instanceof Error && databaseMessage(err).includes(text);
}

/** What a log line may say about an error: D1's message and the SQL, never the values bound to it. */
export function loggableError(err: unknown): { message: string; query?: string } {
  if (!(err instanceof Error)) return { message: String(err) };
  const query = 'query' in err && typeof err.query === 'string' ? err.query : undefined;
  return query ? { message: databaseMessage(err), query } : { message: databaseMessage(err) };
}
