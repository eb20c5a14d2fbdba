import { api, initialApiAnswer } from '@gi/contracts/api';
import { type FinderChoice, finderQuery, publicProductsKey } from '@gi/contracts/web';
import { queryOptions } from '@gi/platform';

/** The finder's matches of a choice; the Worker inlines them into /cari-aroma (the page without JavaScript). */
export function scentFinderQuery(choice: FinderChoice) {
  const input = { query: finderQuery(choice) };
  return queryOptions({
    queryKey: [...publicProductsKey, 'finder', input.query] as const,
    queryFn: async () => (await api('GET /scent-finder', input)).items,
    initialData: () => initialApiAnswer('GET /scent-finder', input)?.items,
  });
}
