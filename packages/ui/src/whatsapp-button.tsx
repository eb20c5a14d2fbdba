import { whatsappLink } from '@gi/contracts/web';
import type { ReactNode } from 'react';
import styles from './whatsapp-button.module.css';

interface WhatsAppButtonProps {
  /** The shop's number as the admin typed it in the contact settings. */
  phone: string;
  /** The chat's first message, prefilled for the shopper to send. */
  message: string;
  children: ReactNode;
}

/**
 * A wa.me link styled as a button; nothing when the number cannot be dialled. No logo: its
 * path would put ~0.4 KiB on the first visit to / (@gi/ui code shares the remotes' app chunk).
 */
export function WhatsAppButton({ phone, message, children }: WhatsAppButtonProps) {
  const href = whatsappLink(phone, message);
  if (!href) return null;
  return (
    <a className={styles.button} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
