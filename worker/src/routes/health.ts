import { health } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { loggableError } from '../lib/db-errors.ts';
import { errorBody } from '../lib/errors.ts';
import { countSettingRows } from '../settings/store.ts';

export const healthRoutes = createRouter().openapi(defineEndpoint(health.check), async (c) => {
  try {
    const settings = await countSettingRows(getDb(c.env.DB));
    return c.json({ status: 'ok' as const, database: 'ok' as const, settings }, 200);
  } catch (err) {
    console.error(JSON.stringify({ event: 'health_db_failed', ...loggableError(err) }));
    return c.json(errorBody('database_unavailable', 'Database tidak dapat dihubungi'), 503);
  }
});
