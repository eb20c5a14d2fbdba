import { whatsappLink } from '@gi/contracts/whatsapp';
import type { ReactNode } from 'react';
import styles from './button.module.css';

interface WhatsAppButtonProps {
  /** The shop's number as the admin typed it in the contact settings. */
  phone: string;
  /** The chat's first message, prefilled for the shopper to send. */
  message: string;
  children: ReactNode;
}

/**
 * A wa.me link styled as a button; nothing when the number cannot be dialled. Imported from
 * '@gi/ui/whatsapp-button', not the package root: the pages that show it keep it in their own
 * chunks, off the first visit to /. No logo: its path alone is ~0.4 KiB.
 */
export function WhatsAppButton({ phone, message, children }: WhatsAppButtonProps) {
  const href = whatsappLink(phone, message);
  if (!href) return null;
  return (
    <a
      // The buttons' own stylesheet (already on every page) carries the green: a style
      // attribute in the server's HTML is refused by the CSP.
      className={`${styles.primary} ${styles.whatsapp}`}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
    </a>
  );
}
