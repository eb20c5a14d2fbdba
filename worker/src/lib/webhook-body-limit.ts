import { bodyLimit } from 'hono/body-limit';
import { AppError } from './errors.ts';

/** A provider's notification (Midtrans, Biteship) is a few KB of JSON at most. */
const WEBHOOK_BODY_LIMIT = 16 * 1024;

/** The body limit of a webhook's route: a larger body is refused before it is read. */
export const webhookBodyLimit = () =>
  bodyLimit({
    maxSize: WEBHOOK_BODY_LIMIT,
    onError: () => {
      throw new AppError(413, 'payload_too_large', 'Data yang dikirim terlalu besar');
    },
  });
