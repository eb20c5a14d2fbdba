import { html, type SafeHtml } from './html.ts';

/** What every template gets besides its data. */
export interface EmailContext {
  /** An absolute URL on the shop's configured public origin (never the request's Host). */
  link(path: string, query?: Record<string, string>): string;
}

/** A template's own part of an email; the layout around it is the same for all. */
export interface EmailContent {
  subject: string;
  /** The plain-text part, without the signature: the layout adds it. */
  text: string;
  /** The HTML body, built with `html` so user data is escaped. */
  html: SafeHtml;
  /**
   * A marketing email's unsubscribe link (decision 042): the layout writes it under the message,
   * and the sender adds the List-Unsubscribe headers for it.
   */
  unsubscribeUrl?: string;
}

export type EmailTemplate<Data> = (data: Data, ctx: EmailContext) => EmailContent;

/** The message as it is stored in the outbox and handed to the sender. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  unsubscribeUrl?: string;
}

const SIGNATURE = 'Salam hangat,\nPT. Global Imperium';
const FOOTER = 'Email ini dikirim otomatis, mohon tidak membalas.';
const UNSUBSCRIBE = 'Tidak ingin menerima email seperti ini lagi? Berhenti berlangganan:';

/** A paragraph of body text. */
export const paragraph = (content: SafeHtml | string) =>
  html`<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f1a17">${content}</p>`;

/** The call to action: a button with the link also written out, for clients that hide buttons. */
export function button(url: string, label: string): SafeHtml {
  return html`<p style="margin:24px 0"><a href="${url}" style="display:inline-block;padding:12px 24px;border-radius:6px;background:#8a6a1f;color:#ffffff;font-weight:bold;text-decoration:none">${label}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#6b625b">Jika tombol tidak berfungsi, salin tautan ini ke browser Anda:<br><a href="${url}" style="color:#6f5414;word-break:break-all">${url}</a></p>`;
}

/** Wraps a template's content in the shop's layout: the same frame for every email. */
export function layout(content: EmailContent): RenderedEmail {
  const document = html`<!doctype html>
<html lang="id">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${content.subject}</title></head>
<body style="margin:0;padding:0;background:#faf7f2">
<div style="max-width:560px;margin:0 auto;padding:24px;font-family:Arial,Helvetica,sans-serif">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#6f5414">PT. Global Imperium</p>
<div style="padding:24px;border:1px solid #e6ded3;border-radius:8px;background:#ffffff">
${content.html}
${paragraph(html`Salam hangat,<br>PT. Global Imperium`)}
</div>
<p style="margin:16px 0 0;font-size:12px;color:#6b625b">${FOOTER}</p>
${content.unsubscribeUrl ? html`<p style="margin:8px 0 0;font-size:12px;color:#6b625b">${UNSUBSCRIBE} <a href="${content.unsubscribeUrl}" style="color:#6f5414">${content.unsubscribeUrl}</a></p>` : ''}
</div>
</body>
</html>`;
  const unsubscribe = content.unsubscribeUrl ? `\n${UNSUBSCRIBE}\n${content.unsubscribeUrl}\n` : '';
  return {
    subject: content.subject,
    text: `${content.text.trim()}\n\n${SIGNATURE}\n\n${FOOTER}\n${unsubscribe}`,
    html: document.value,
    ...(content.unsubscribeUrl && { unsubscribeUrl: content.unsubscribeUrl }),
  };
}
