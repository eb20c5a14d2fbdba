import type { SiteSettings } from '@gi/contracts';
import { apiRequest, initialAnswer } from '@gi/contracts/client';
import { apiPaths, publicSettingsKey } from '@gi/contracts/web';
import { queryOptions } from '@gi/platform';

/**
 * Hero, about and contact content edited by the admin; several features read it, hence shared.
 */
export const siteSettingsQuery = queryOptions({
  queryKey: publicSettingsKey,
  queryFn: () => apiRequest<SiteSettings>(apiPaths.settings),
  initialData: () => initialAnswer<SiteSettings>(apiPaths.settings),
});
