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

/** A wa.me link styled as a button; nothing when the number cannot be dialled. */
export function WhatsAppButton({ phone, message, children }: WhatsAppButtonProps) {
  const href = whatsappLink(phone, message);
  if (!href) return null;
  return (
    <a className={styles.button} href={href} target="_blank" rel="noopener noreferrer">
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2c-1.5 0-3-.4-4.3-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1-.7-.3-1.4-.7-2-1.3-.5-.5-1-1.1-1.3-1.7-.1-.2 0-.4.1-.5l.4-.4.2-.4v-.4l-.8-1.9c-.2-.5-.4-.4-.6-.4h-.5c-.2 0-.4.1-.6.3-.6.6-.9 1.4-.9 2.2 0 .9.4 1.8 1 2.6 1.1 1.6 2.5 2.8 4.3 3.5 1.5.6 2.1.6 2.8.5.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.1-1.2l-.3-.1Z"
        />
      </svg>
      {children}
    </a>
  );
}
