import { docs } from '@gi/contracts/endpoints';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ACCESS_COOKIE } from '../auth/cookies.ts';
import type { AppEnv } from '../env.ts';
import { defineEndpoint, SESSION_SCHEME } from './endpoint.ts';

/**
 * `GET /api/openapi.json`: what a partner (a mobile app, a marketplace connector) integrates
 * against, written from the endpoints' definitions. Built once per isolate: it changes only
 * with a deploy.
 */
export function serveOpenApi(api: OpenAPIHono<AppEnv>) {
  api.openAPIRegistry.registerComponent('securitySchemes', SESSION_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: ACCESS_COOKIE,
    description: 'Sesi yang dibuat oleh POST /api/auth/login.',
  });
  let built: Record<string, unknown> | undefined;
  return api.openapi(defineEndpoint(docs.openapi), (c) => {
    built ??= api.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 'API Toko PT. Global Imperium', version: '1' },
      servers: [{ url: '/api' }],
    }) as unknown as Record<string, unknown>;
    return c.json(built, 200);
  });
}
