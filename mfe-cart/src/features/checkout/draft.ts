import { paymentChannels } from '@gi/contracts/gateway-labels';
import { z } from 'zod';

/**
 * What the shopper has typed at checkout, kept in the tab's sessionStorage (never a cookie:
 * it stays in this tab and is never sent) so Back, Forward and a reload do not throw it away.
 * One account's draft is never shown to another.
 */
const DRAFT_KEY = 'gi-checkout-draft';

const draftSchema = z.object({
  userId: z.string(),
  email: z.string(),
  address: z.object({
    customerName: z.string(),
    customerPhone: z.string(),
    provinceCode: z.string(),
    regencyCode: z.string(),
    districtCode: z.string(),
    postalCode: z.string(),
    customerAddress: z.string(),
  }),
  savedId: z.string(),
  saveAddress: z.boolean(),
  serviceId: z.string(),
  /** The way to pay chosen; '' for none yet (and for a draft from before the choice existed). */
  paymentChannel: z.enum([...paymentChannels, '']).catch(''),
  /** The voucher code the server accepted ('' none): checked again on return, never its discount. */
  voucherCode: z.string().catch(''),
  /** 'Kirim sebagai hadiah' as ticked; null when not a gift. */
  gift: z.object({ message: z.string(), wrap: z.boolean() }).nullable().catch(null),
});

export type CheckoutDraft = z.infer<typeof draftSchema>;

export function readDraft(userId: string | undefined): CheckoutDraft | null {
  try {
    const parsed = draftSchema.safeParse(JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null'));
    return parsed.success && parsed.data.userId === userId ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeDraft(draft: CheckoutDraft): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the form still works, it just will not outlive the page.
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing was kept.
  }
}
