import { content } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import { createFaq, deleteFaq, readFaq, readPolicy, savePolicy, updateFaq } from '../services/content.ts';

export const contentRoutes = createRouter()
  .openapi(defineEndpoint(content.faqList), async (c) => c.json(await readFaq(getDb(c.env.DB)), 200))
  .openapi(defineEndpoint(content.faqCreate), async (c) =>
    c.json(await createFaq(getDb(c.env.DB), c.req.valid('json'), c.get('auth')?.userId as string), 201),
  )
  .openapi(defineEndpoint(content.faqUpdate), async (c) =>
    c.json(
      await updateFaq(
        getDb(c.env.DB),
        c.req.valid('param').id,
        c.req.valid('json'),
        c.get('auth')?.userId as string,
      ),
      200,
    ),
  )
  .openapi(defineEndpoint(content.faqDelete), async (c) => {
    await deleteFaq(getDb(c.env.DB), c.req.valid('param').id, c.get('auth')?.userId as string);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(defineEndpoint(content.policyRead), async (c) => {
    const policy = await readPolicy(getDb(c.env.DB), c.req.valid('param').kind);
    if (!policy) throw notFound();
    return c.json(policy, 200);
  })
  .openapi(defineEndpoint(content.policyWrite), async (c) =>
    c.json(
      await savePolicy(
        getDb(c.env.DB),
        c.req.valid('param').kind,
        c.req.valid('json'),
        c.get('auth')?.userId as string,
      ),
      200,
    ),
  );
