import type { SiteSettings, SiteSettingsInput } from '@gi/contracts';
import { apiRequest } from '@gi/contracts/client';
import { queryOptions, useMutation, useQueryClient } from '@gi/platform';

/** GET /api/settings: hero, about and contact content with the defaults filled in. */
export const settingsQuery = queryOptions({
  queryKey: ['admin', 'settings'] as const,
  queryFn: () => apiRequest<SiteSettings>('/api/settings'),
});

/**
 * PUT /api/settings takes the whole object; each editor changes its own part. The
 * latest stored settings are read first, so saving the contact page does not undo
 * an about edit made since this page loaded.
 */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Partial<SiteSettingsInput>) => {
      const current = await client.fetchQuery({ ...settingsQuery, staleTime: 0 });
      return apiRequest<SiteSettings>('/api/settings', {
        method: 'PUT',
        body: JSON.stringify({ ...current, ...changes }),
      });
    },
    onSuccess: (saved) => {
      client.setQueryData(settingsQuery.queryKey, saved);
      // Every visitor's pages read the same settings (ARCHITECTURE §5.5).
      return client.invalidateQueries({ queryKey: ['public', 'settings'] });
    },
  });
}
