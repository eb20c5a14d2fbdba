import { fieldErrors } from '@gi/contracts';
import { type Access, type EndpointDefinition, errorSchema } from '@gi/contracts/endpoints/define';
import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { AppError, errorBody } from '../lib/errors.ts';
import { policyGuard } from './policy.ts';

/** The accesses that need a session: their operations name its cookie as their security. */
export const SIGNED_IN = new Set<Access>(['customer', 'owner', 'buyer', 'admin']);

/**
 * The Worker's side of an endpoint's definition (packages/contracts/src/endpoints, decision 031):
 * the guard that checks its access and carries its policy for the app's middleware, the answer
 * check of the worker tests, and any middleware of its own (`use`: an upload's body limit) that
 * runs after the access check and before the input's validation. The handler is the router's.
 */
export function defineEndpoint<const D extends EndpointDefinition>(
  definition: D,
  { use = [] }: { use?: MiddlewareHandler<AppEnv>[] } = {},
) {
  const { policy, example, ...route } = definition;
  const reads = route.method === 'get';
  // A shared answer is a guest's read; a write always starts on the primary.
  if (policy.cache === 'shared' && !(reads && policy.access === 'public'))
    throw new Error(`${route.method} ${route.path}: only a public read may be shared`);
  if (policy.d1 === 'replica' && !reads)
    throw new Error(`${route.method} ${route.path}: a write reads the primary`);
  return createRoute({
    ...route,
    ...(route.request && { request: withExamples(route.request, example) }),
    middleware: [policyGuard(policy), checkAnswer(route.responses), ...use],
    ...(SIGNED_IN.has(policy.access) ? { security: [{ [SESSION_SCHEME]: [] }] } : {}),
    'x-policy': policy,
  });
}

type Request = NonNullable<EndpointDefinition['request']>;

/**
 * The definition's example in the document: on the JSON body's media type and on each path and
 * query parameter (their schemas get the metadata only: what they accept is unchanged).
 */
function withExamples<R extends Request>(request: R, example: EndpointDefinition['example']): R {
  if (!example) return request;
  const { params, query, body } = request;
  const json = body?.content['application/json'];
  return {
    ...request,
    ...(params && example.params && { params: withParamExamples(params, example.params) }),
    ...(query && example.query && { query: withParamExamples(query, example.query) }),
    ...(body &&
      json &&
      example.body !== undefined && {
        body: {
          ...body,
          content: { ...body.content, 'application/json': { ...json, example: example.body } },
        },
      }),
  } as R;
}

function withParamExamples(schema: z.ZodObject, values: Record<string, string>): z.ZodObject {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => [
      name,
      name in values ? field.meta({ param: { example: values[name] } }) : field,
    ]),
  );
  return schema.clone({ ...schema.def, shape });
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
