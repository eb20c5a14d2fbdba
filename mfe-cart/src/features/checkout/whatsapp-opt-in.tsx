import { type ReactNode, useState } from 'react';
import styles from './checkout-form.module.css';

// Order updates on WhatsApp (decision 049): asked for at checkout, only while the shop's channel
// is on (GET /api/payment-options' `whatsapp`), sent to the phone of the delivery address.

/**
 * The checkbox 'Kirim kabar pesanan lewat WhatsApp', unticked at first (consent is asked, never
 * assumed), and what it adds to POST /api/orders: nothing unless offered and ticked.
 */
export function useWhatsAppOptIn(offered: boolean | undefined): {
  box: ReactNode;
  field: { whatsappOptIn?: true };
} {
  const [optIn, setOptIn] = useState(false);
  if (!offered) return { box: null, field: {} };
  return {
    box: (
      <div>
        <label className={styles.check}>
          <input type="checkbox" checked={optIn} onChange={(e) => setOptIn(e.target.checked)} />
          Kirim kabar pesanan lewat WhatsApp
        </label>
        <p className={styles.muted}>
          Cara bayar, pembayaran diterima, nomor resi, dan pesanan sampai, ke nomor telepon penerima di atas.
        </p>
      </div>
    ),
    field: optIn ? { whatsappOptIn: true } : {},
  };
}
