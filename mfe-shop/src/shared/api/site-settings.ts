import { api, initialApiAnswer } from '@gi/contracts/api';
import { publicSettingsKey } from '@gi/contracts/web';
import { queryOptions } from '@gi/platform';

/**
 * Hero, about and contact content edited by the admin; several features read it, hence shared.
 */
export const siteSettingsQuery = queryOptions({
  queryKey: publicSettingsKey,
  queryFn: () => api('GET /settings'),
  initialData: () => initialApiAnswer('GET /settings'),
});
