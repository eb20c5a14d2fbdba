import { expect, it } from 'vitest';
import { orderCreateSchema } from './index.ts';

it("answers zod's own messages in Indonesian", () => {
  const result = orderCreateSchema.safeParse({
    items: [{ productId: 'p1', quantity: 1 }],
    customer: {},
    total: 1,
  });
  const messages = result.error?.issues.map((i) => i.message) ?? [];
  expect(messages).toContain('Kunci tidak dikenali : "total"');
});
