import { html } from '../html.ts';
import { facts, wib } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface OwnerIncidentData {
  /** What keeps failing, in Indonesian ('Pengiriman email'). */
  title: string;
  failures: number;
  startedAt: string;
  lastError: string | null;
}

/** To the owner, once per incident (lib/incidents.ts, decision 058): something keeps failing. */
export const ownerIncident: EmailTemplate<OwnerIncidentData> = (data, { link }) => {
  const url = link('/admin');
  const body = `${data.title} gagal berulang kali dan belum pulih. Email ini dikirim sekali untuk gangguan ini; dasbor admin menampilkannya sampai berjalan normal lagi.`;
  const details = facts([
    ['Gangguan', data.title],
    ['Kegagalan beruntun', String(data.failures)],
    ['Mulai', wib(data.startedAt)],
    ['Galat terakhir', data.lastError ?? '-'],
  ]);
  return {
    subject: `Gangguan: ${data.title}`,
    text: `${body}\n${details.text}\n\n${url}`,
    html: html`${paragraph(body)}${details.html}${button(url, 'Buka dasbor admin')}`,
  };
};
