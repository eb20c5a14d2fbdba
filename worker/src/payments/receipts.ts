import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import { AppError } from '../lib/errors.ts';
import type { UploadedFile } from '../lib/image-upload.ts';
import { receiptRefusal, submitReceipt } from '../orders/payment-steps.ts';
import type { Actor, MailEnv, OrderState } from '../orders/transition.ts';
import { readPaymentSettings } from '../settings/rows.ts';
import { putReceipt } from '../storage/images.ts';
import { paymentOptions } from './checkout.ts';

const MANUAL_TRANSFER_OFF =
  'Transfer bank manual sedang tidak tersedia. Pilih metode pembayaran lain di halaman pesanan.';

/**
 * The customer's transfer receipt. Refused before its bytes are read when the order takes none
 * now (receiptRefusal) or the admin turned the manual transfer off (the order page no longer
 * offers it, nor does this); stored privately in R2, then the lifecycle's step. The stored file
 * goes again when another upload or a cancel came first, so nothing is left unreferenced.
 */
export async function receiveReceipt(
  db: Db,
  env: MailEnv & Pick<Env, 'IMAGES' | 'MIDTRANS_SERVER_KEY'>,
  state: OrderState,
  who: Actor,
  upload: () => Promise<UploadedFile>,
): Promise<void> {
  const refusal = receiptRefusal(state, new Date());
  if (refusal) throw new AppError(409, 'receipt_not_accepted', refusal);
  if (!(await paymentOptions(db, env)).manual_transfer) {
    throw new AppError(409, 'manual_transfer_off', MANUAL_TRANSFER_OFF);
  }
  const { bytes, type } = await upload();
  const key = await putReceipt(env.IMAGES, state.order.id, bytes, type);
  try {
    await submitReceipt(db, env, state, who, key, await readPaymentSettings(db));
  } catch (err) {
    await env.IMAGES.delete(key);
    throw err;
  }
}
