import { audit } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { listAudit } from '../services/audit.ts';

/** The audit trail, read only (decision 054): its rows are written by each change's own batch. */
export const auditRoutes = createRouter().openapi(defineEndpoint(audit.list), async (c) =>
  c.json(await listAudit(getDb(c.env.DB), c.req.valid('query')), 200),
);
