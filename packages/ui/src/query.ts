/** The shop's one query policy: data is fresh for 5 minutes, a failed read is retried once. */
export const queryClientDefaults = { queries: { staleTime: 5 * 60_000, retry: 1 } };
