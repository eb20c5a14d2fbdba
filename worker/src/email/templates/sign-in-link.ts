import { apiPath } from '@gi/contracts/api-path';
import { html } from '../html.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface SignInLinkData {
  /** The one-time token of the link (D1 keeps only its hash). */
  token: string;
}

// Sent only after the account's own password was given, to the account's own address.
export const signInLink: EmailTemplate<SignInLinkData> = ({ token }, { link }) => {
  const url = link(apiPath('GET /auth/login/link', { query: { token } }));
  const intro =
    'Akun PT. Global Imperium Anda sedang menerima banyak percobaan login yang salah dari tempat lain, jadi login dengan password kini perlu konfirmasi lewat email. Klik tautan berikut untuk masuk:';
  const validity =
    'Tautan berlaku 15 menit dan hanya dapat dipakai sekali. Jika bukan Anda yang baru saja login, seseorang mengetahui password Anda: jangan klik tautan ini dan segera ganti password Anda.';
  return {
    subject: 'Tautan masuk ke akun Anda',
    text: `Halo,\n\n${intro}\n${url}\n\n${validity}`,
    html: html`${paragraph('Halo,')}${paragraph(intro)}${button(url, 'Masuk')}${paragraph(validity)}`,
  };
};
