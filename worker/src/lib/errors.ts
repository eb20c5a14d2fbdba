import { type ApiErrorBody, NOT_SIGNED_IN } from '@gi/contracts';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { loggableError } from './db-errors.ts';

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

/** 404 for a record that does not exist (or is not the caller's to see). */
export function notFound(message = 'Data tidak ditemukan'): AppError {
  return new AppError(404, 'not_found', message);
}

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

const HTTP_MESSAGES: Partial<Record<number, string>> = {
  400: 'Data yang dikirim tidak valid',
  401: NOT_SIGNED_IN,
  403: 'Akses ditolak',
  404: 'Data tidak ditemukan',
  413: 'Data yang dikirim terlalu besar',
  415: 'Format data tidak didukung',
};

/** The one error handler: every failure leaves as `{ error: { code, message, fields? } }`. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof AppError) {
    return c.json(errorBody(err.code, err.message, err.fields), err.status);
  }
  if (err instanceof HTTPException) {
    // Thrown by Hono itself (e.g. malformed JSON): its English text never reaches a shopper.
    return c.json(
      errorBody('http_error', HTTP_MESSAGES[err.status] ?? 'Permintaan tidak dapat diproses'),
      err.status,
    );
  }
  console.error(JSON.stringify({ event: 'unhandled_error', path: c.req.path, ...loggableError(err) }));
  return c.json(errorBody('internal_error', 'Terjadi kesalahan pada server. Silakan coba lagi.'), 500);
}
