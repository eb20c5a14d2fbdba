import { fieldErrors } from '@gi/contracts';
import type { ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { AppError } from './errors.ts';

/**
 * Validates one part of the request with a shared zod schema. Bad input gets 400
 * with the schema's Indonesian messages (the first one as `message`, all in `fields`).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return validator(target, (value): z.output<Schema> => {
    const result = schema.safeParse(value);
    if (!result.success) {
      const fields = fieldErrors(result.error);
      throw new AppError(400, 'invalid_input', Object.values(fields)[0] ?? 'Data tidak valid', fields);
    }
    return result.data;
  });
}
