import type { SiteSettings } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { siteSettingsQuery } from '@gi/contracts/public-queries';
import { queryOptions, useMutation, useQueryClient } from '@gi/platform';

/**
 * Hero, about and contact content with the defaults filled in: the storefront's own query, so
 * the QueryClient the remotes share holds the answer once and a save shows on every page at once.
 */
export const settingsQuery = queryOptions(siteSettingsQuery);

/**
 * Sends only the fields that differ from the settings this page loaded: the server stores
 * one row per field, so an admin saving the contact page never undoes another's about edit,
 * nor an unchanged field another's edit of it.
 */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (edited: Partial<SiteSettings>) => {
      const loaded = client.getQueryData(settingsQuery.queryKey);
      const changes = Object.fromEntries(
        Object.entries(edited).filter(
          ([key, value]) => JSON.stringify(value) !== JSON.stringify(loaded?.[key as keyof SiteSettings]),
        ),
      );
      if (loaded && Object.keys(changes).length === 0) return loaded;
      return api('PATCH /settings', { body: changes });
    },
    // The answer is the whole stored settings: what every page of this visit reads from now.
    onSuccess: (saved) => client.setQueryData(settingsQuery.queryKey, saved),
  });
}
