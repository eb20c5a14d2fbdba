import type { ApiErrorBody } from '@gi/contracts';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error the API answers with its own status, code and Indonesian message. */
export class AppError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(status, { message });
  }
}

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** The one error handler: every failure leaves as `{ error: { code, message, fields? } }`. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof AppError) {
    return c.json(errorBody(err.code, err.message, err.fields), err.status);
  }
  if (err instanceof HTTPException) {
    return c.json(errorBody('http_error', err.message || 'Permintaan tidak dapat diproses'), err.status);
  }
  console.error(JSON.stringify({ event: 'unhandled_error', path: c.req.path, message: err.message }));
  return c.json(errorBody('internal_error', 'Terjadi kesalahan pada server. Silakan coba lagi.'), 500);
}
