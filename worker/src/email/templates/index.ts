import type { EmailTemplate } from '../template.ts';
import { emailChange } from './email-change.ts';
import { passwordReset } from './password-reset.ts';

/**
 * Every email the shop sends, by the name the outbox records. A new email is one file in
 * this folder (its data type and an `EmailTemplate`) and one line here.
 */
export const templates = {
  'email-change': emailChange,
  'password-reset': passwordReset,
} satisfies Record<string, EmailTemplate<never>>;
