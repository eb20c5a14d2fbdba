import { whatsappLink } from '@gi/contracts/whatsapp';
import type { ReactNode } from 'react';
import { buttonClass } from './button.ts';

interface WhatsAppButtonProps {
  /** The shop's number as the admin typed it in the contact settings. */
  phone: string;
  /** The chat's first message, prefilled for the shopper to send. */
  message: string;
  children: ReactNode;
}

// WhatsApp's own green is too light for white text; this darker one keeps 5.9:1. Inline, not a
// CSS module: a module's file is one more entry in every listing of the button's chunk.
const WHATSAPP_GREEN = { background: '#137333' };

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
      className={buttonClass.primary}
      style={WHATSAPP_GREEN}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
    </a>
  );
}
