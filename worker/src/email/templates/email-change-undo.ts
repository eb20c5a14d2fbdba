import { apiPath } from '@gi/contracts/api-path';
import { html } from '../html.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface EmailChangeUndoData {
  /** The one-time token of the undo link (D1 keeps only its hash). */
  token: string;
}

// To the account's current (old) address when a new one is asked for: if that was not its owner
// (a session left open, a stolen password), one click keeps the old address and ends every
// sign-in. It names neither address: the mail tells nothing a reader of this inbox does not know.
export const emailChangeUndo: EmailTemplate<EmailChangeUndoData> = ({ token }, { link }) => {
  const url = link(apiPath('GET /auth/email/undo', { query: { token } }));
  const intro =
    'Seseorang yang masuk ke akun PT. Global Imperium Anda baru saja meminta penggantian email akun ini ke alamat lain. Jika itu Anda, abaikan email ini.';
  const undo =
    'Jika bukan Anda, klik tautan berikut: akun tetap memakai alamat email ini, penggantian dibatalkan, dan semua perangkat yang masuk ke akun ini dikeluarkan. Setelah itu, masuk lagi dan ganti password Anda.';
  const validity =
    'Tautan berlaku 7 hari dan hanya dapat dipakai sekali, juga setelah email baru dikonfirmasi.';
  return {
    subject: 'Email akun Anda sedang diganti',
    text: `Halo,\n\n${intro}\n\n${undo}\n${url}\n\n${validity}`,
    html: html`${paragraph('Halo,')}${paragraph(intro)}${paragraph(undo)}${button(url, 'Batalkan penggantian email')}${paragraph(validity)}`,
  };
};
