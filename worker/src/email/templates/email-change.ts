import { apiPath } from '@gi/contracts/api-path';
import { html } from '../html.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface EmailChangeData {
  /** The one-time token of the link (D1 keeps only its hash). */
  token: string;
}

// Goes to an address nobody has proven yet: it carries nothing the requester typed (no name),
// so the form cannot mail arbitrary text to anyone.
export const emailChange: EmailTemplate<EmailChangeData> = ({ token }, { link }) => {
  const url = link(apiPath('GET /auth/email/confirm'), { token });
  const intro =
    'Alamat email ini dimasukkan sebagai alamat baru sebuah akun PT. Global Imperium. Klik tautan berikut untuk memakainya:';
  const validity =
    'Tautan berlaku 24 jam. Abaikan email ini jika Anda tidak memintanya; alamat ini tidak akan dipakai.';
  return {
    subject: 'Konfirmasi alamat email baru Anda',
    text: `Halo,\n\n${intro}\n${url}\n\n${validity}`,
    html: html`${paragraph('Halo,')}${paragraph(intro)}${button(url, 'Konfirmasi email')}${paragraph(validity)}`,
  };
};
