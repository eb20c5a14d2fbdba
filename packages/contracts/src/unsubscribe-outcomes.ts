// Zod-free: the storefront shows these on the page the unsubscribe lands on (decision 042).

/**
 * The unsubscribe link (GET /api/marketing/unsubscribe) opens a confirmation page; its form's POST
 * (carrying this field, which a mail program's one-click POST does not) ends on the home page with
 * `?langganan=<outcome>`, which says what happened; so does a GET with a bad token.
 */
export const UNSUBSCRIBE_CONFIRM_FIELD = 'konfirmasi';

export const unsubscribeOutcomes = {
  berhenti:
    'Anda telah berhenti berlangganan. Kami tidak akan mengirim email promosi atau kabar stok lagi ke alamat ini.',
  'tidak-valid':
    'Tautan berhenti berlangganan ini tidak valid. Gunakan tautan dari email terbaru kami, atau hubungi kami.',
} as const;
export type UnsubscribeOutcome = keyof typeof unsubscribeOutcomes;
export const unsubscribeLanding = (outcome: UnsubscribeOutcome) => `/?langganan=${outcome}`;
