import { html } from '../html.ts';
import { greeting } from '../order-parts.ts';
import { type EmailTemplate, paragraph } from '../template.ts';

export interface CustomerServiceReplyData {
  customerName: string;
  /** The subject the customer wrote on the contact form. */
  subject: string;
  /** The admin's answer, as typed. */
  reply: string;
  /** What the customer wrote, quoted under the answer. */
  message: string;
}

/** The admin's answer to a contact-form message (the customer-service inbox, decision 058). */
export const customerServiceReply: EmailTemplate<CustomerServiceReplyData> = (data, { link }) => {
  const hello = greeting(data.customerName);
  const contact = link('/contact');
  const more = 'Ada pertanyaan lain? Kirim pesan baru lewat halaman kontak kami:';
  return {
    subject: `Balasan: ${data.subject}`,
    text: `${hello.text}\n\n${data.reply}\n\n${more} ${contact}\n\n--- Pesan Anda ---\n${data.message}`,
    html: html`${hello.html}${paragraph(html`<span style="white-space:pre-wrap">${data.reply}</span>`)}${paragraph(html`${more} <a href="${contact}" style="color:#6f5414">${contact}</a>`)}<p style="margin:0 0 16px;padding-left:12px;border-left:3px solid #e6ded3;font-size:14px;color:#6b625b;white-space:pre-wrap">${data.message}</p>`,
  };
};
