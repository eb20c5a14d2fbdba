import { html } from '../html.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface PasswordResetData {
  /** The one-time token of the link (D1 keeps only its hash). */
  token: string;
}

export const passwordReset: EmailTemplate<PasswordResetData> = ({ token }, { link }) => {
  const url = link('/reset-password', { token });
  const intro =
    'Kami menerima permintaan untuk mengatur ulang password akun PT. Global Imperium Anda. Klik tautan berikut untuk membuat password baru:';
  const validity =
    'Tautan berlaku 1 jam dan hanya dapat dipakai sekali. Abaikan email ini jika Anda tidak memintanya; password Anda tidak berubah.';
  return {
    subject: 'Atur ulang password Anda',
    text: `Halo,\n\n${intro}\n${url}\n\n${validity}`,
    html: html`${paragraph('Halo,')}${paragraph(intro)}${button(url, 'Buat password baru')}${paragraph(validity)}`,
  };
};
