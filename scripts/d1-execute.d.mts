// Types of d1-execute.mjs for the TypeScript that calls it (the journeys).
export function d1Execute(
  sql: string,
  target: string[],
): { results: { results: Record<string, unknown>[] }[] } | { failed: string };
