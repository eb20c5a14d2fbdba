import { fieldErrors } from '@gi/contracts';
import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { AppError, errorBody } from '../lib/errors.ts';
import { type Policy, policyGuard } from './policy.ts';

/**
 * One endpoint, declared once (docs/decisions/031-endpoint-definitions.md): its method, path,
 * inputs and answers (zod, which validate the request and write the OpenAPI document) and its
 * policy (access, cache, D1 session), which the guard carries for the app's middleware.
 */
export interface EndpointConfig extends Omit<RouteConfig, 'middleware' | 'security'> {
  policy: Policy;
  /** Middleware after the access check, before the input's validation (an upload's body limit). */
  use?: MiddlewareHandler<AppEnv>[];
}

export function defineEndpoint<const P extends string, const R extends EndpointConfig & { path: P }>(
  config: R,
) {
  const { policy, use = [], ...route } = config;
  const reads = route.method === 'get' || route.method === 'head';
  // A shared answer is a guest's read; a write always starts on the primary.
  if (policy.cache === 'shared' && !(reads && policy.access === 'public'))
    throw new Error(`${route.method} ${route.path}: only a public read may be shared`);
  if (policy.d1 === 'replica' && !reads)
    throw new Error(`${route.method} ${route.path}: a write reads the primary`);
  return createRoute({
    ...route,
    middleware: [policyGuard(policy), checkAnswer(route.responses), ...use],
    ...(policy.access === 'customer' || policy.access === 'admin'
      ? { security: [{ [SESSION_SCHEME]: [] }] }
      : {}),
    'x-policy': policy,
  });
}

/**
 * In the worker tests (`CHECK_ANSWERS`), an answer that its documentation does not describe
 * (an undocumented success, a body its schema refuses, an error not in the one error shape)
 * becomes a 500 naming the difference, so the document cannot drift from what is answered.
 */
function checkAnswer(responses: RouteConfig['responses']): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!c.env.CHECK_ANSWERS || !c.res.headers.get('content-type')?.startsWith('application/json')) return;
    const answer = responses[c.res.status];
    const media = answer && 'content' in answer ? answer.content?.['application/json'] : undefined;
    const documented = media && 'schema' in media ? media.schema : undefined;
    const schema = c.res.status < 300 ? documented : errorSchema;
    const problem = !schema
      ? `status ${c.res.status} is not documented`
      : schema instanceof z.ZodType
        ? schema.safeParse(await c.res.clone().json()).error?.message
        : undefined;
    if (problem) {
      const message = `${c.req.method} ${c.req.path}: the answer differs from its documentation: ${problem}`;
      console.error(message);
      c.res = undefined;
      c.res = c.json(errorBody('undocumented_answer', message), 500);
    }
  };
}

/** The session cookie, as the OpenAPI document names it. */
export const SESSION_SCHEME = 'sesi';

/**
 * Bad input gets 400 with the schema's Indonesian messages: the first as `message`, all in
 * `fields` (api/validation.test.ts sends it to every route that stores text).
 */
function rejectInvalid(result: { success: true } | { success: false; error: z.ZodError }): void {
  if (result.success) return;
  const fields = fieldErrors(result.error);
  throw new AppError(400, 'invalid_input', Object.values(fields)[0] ?? 'Data tidak valid', fields);
}

/** The router of a resource's endpoints (the shape of hono-open-api-starter's `createRouter`). */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: rejectInvalid });
}

const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
}) satisfies z.ZodType<ReturnType<typeof errorBody>>;

/** A JSON body, required: without `required` the router would let a body of another type pass unread. */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return { content: { 'application/json': { schema } }, required: true } as const;
}

/** A JSON answer and its description. */
export function jsonAnswer<S extends z.ZodType>(schema: S, description: string) {
  return { description, content: { 'application/json': { schema } } } as const;
}

/** The 400 of input its schema refuses (the defaultHook's answer). */
export const invalidAnswer = errorAnswer('Data tidak valid');

/** `{ ok: true }`: the answer of a change with nothing else to tell. */
export const okAnswer = jsonAnswer(z.object({ ok: z.literal(true) }), 'Berhasil');

/** The one error shape, for the answers' documentation. */
export function errorAnswer(description: string) {
  return { description, content: { 'application/json': { schema: errorSchema } } } as const;
}
