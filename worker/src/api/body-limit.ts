import { bodyLimit } from 'hono/body-limit';

import { AppError } from '../lib/errors.ts';

/**
 * Refuses a body over `maxBytes` with the one 413 of the API, by Content-Length or while
 * streaming. Every /api request has 64 KB (index.ts); a provider's webhook sets a smaller one.
 */
export const jsonBodyLimit = (maxBytes: number) =>
  bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError(413, 'payload_too_large', 'Data yang dikirim terlalu besar');
    },
  });

/** A provider's notification (Midtrans, Biteship) is a few KB of JSON at most. */
export const webhookBodyLimit = () => jsonBodyLimit(16 * 1024);
