import { type StaffRole, staffRoleLabels } from '@gi/contracts';
import { html } from '../html.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface StaffInviteData {
  /** The signed token of the link (auth/tokens.ts, decision 052). */
  token: string;
  role: StaffRole;
}

export const staffInvite: EmailTemplate<StaffInviteData> = ({ token, role }, { link }) => {
  const url = link('/admin/login', { invite: token });
  const intro = `Anda diundang bergabung sebagai staf toko online PT. Global Imperium dengan peran ${staffRoleLabels[role]}. Klik tautan berikut, isi nama Anda dan buat password Anda sendiri:`;
  const validity =
    'Tautan berlaku 7 hari dan hanya dapat dipakai sekali. Abaikan email ini jika Anda tidak mengenal pengirimnya.';
  return {
    subject: 'Undangan bergabung sebagai staf PT. Global Imperium',
    text: `Halo,\n\n${intro}\n${url}\n\n${validity}`,
    html: html`${paragraph('Halo,')}${paragraph(intro)}${button(url, 'Terima undangan')}${paragraph(validity)}`,
  };
};
