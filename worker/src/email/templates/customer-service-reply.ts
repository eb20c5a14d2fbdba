import { html } from '../html.ts';
import { greeting, typed } from '../order-parts.ts';
import { type EmailTemplate, paragraph } from '../template.ts';

export interface CustomerServiceReplyData {
  customerName: string;
  /** The subject the sender wrote on the contact form. */
  subject: string;
  /** The admin's answer, as typed. */
  reply: string;
  /** What the sender wrote, quoted under the answer. */
  message: string;
}

/**
 * The admin's answer to a contact-form message (decision 058). Anyone may type any address on the
 * form, so what the sender wrote is quoted with its links defused (decision 023).
 */
export const customerServiceReply: EmailTemplate<CustomerServiceReplyData> = (data, { link }) => {
  const hello = greeting(data.customerName);
  const contact = link('/contact');
  const more = 'Ada pertanyaan lain? Kirim pesan baru lewat halaman kontak kami:';
  const subject = typed(data.subject);
  const message = typed(data.message);
  return {
    subject: `Balasan: ${subject}`,
    text: `${hello.text}\n\n${data.reply}\n\n${more}\n${contact}\n\n--- Pesan Anda ---\n${message}`,
    html: html`${hello.html}${paragraph(html`<span style="white-space:pre-wrap">${data.reply}</span>`)}${paragraph(html`${more} <a href="${contact}" style="color:#6f5414">${contact}</a>`)}<p style="margin:0 0 16px;padding-left:12px;border-left:3px solid #e6ded3;font-size:14px;color:#6b625b;white-space:pre-wrap">${message}</p>`,
  };
};
