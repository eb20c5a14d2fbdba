// The shop's WhatsApp message templates (decision 049): utility templates in Indonesian, each
// submitted to Meta for approval under this name and language with this body, its {{n}} the
// positional body parameters the outbox sends. One home for the texts: the local stand-in of the
// Cloud API renders what it receives from here, so this file imports nothing.

/** The order events that send a WhatsApp message, as `whatsapp_outbox.event` stores them. */
const whatsappEvents = ['order_placed', 'paid', 'shipped', 'delivered'] as const;
export type WhatsAppEvent = (typeof whatsappEvents)[number];

/** The templates' language: Indonesian, as approved (Cloud API: `template.language.code`). */
export const WHATSAPP_LANGUAGE = 'id';

export interface WhatsAppTemplate {
  /** The name the template was approved under: lower case, digits and underscores. */
  name: string;
  /** The approved body; {{1}}, {{2}}… are filled with the parameters in order. */
  body: string;
}

export const whatsappTemplates: Record<WhatsAppEvent, WhatsAppTemplate> = {
  order_placed: {
    name: 'gi_pesanan_dibuat',
    body: 'Halo {{1}}, pesanan {{2}} di PT. Global Imperium sudah kami terima. Total: {{3}}. Cara bayar: {{4}} Detail pesanan: {{5}}',
  },
  paid: {
    name: 'gi_pembayaran_diterima',
    body: 'Halo {{1}}, pembayaran pesanan {{2}} sebesar {{3}} sudah kami terima. Pesanan Anda segera kami kemas dan kirim. Detail pesanan: {{4}}',
  },
  shipped: {
    name: 'gi_pesanan_dikirim',
    body: 'Halo {{1}}, pesanan {{2}} sudah dikirim dengan {{3}}. Nomor resi: {{4}}. Lacak paket: {{5}}',
  },
  delivered: {
    name: 'gi_pesanan_sampai',
    body: 'Halo {{1}}, pesanan {{2}} sudah sampai. Terima kasih telah berbelanja di PT. Global Imperium. Detail pesanan: {{3}}',
  },
};

/** How many parameters a template's body takes: its highest {{n}}. */
export function parameterCount(template: WhatsAppTemplate): number {
  return Math.max(0, ...[...template.body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1])));
}

/** The message as the customer reads it: the body with {{n}} replaced by the n-th parameter. */
export function renderTemplate(template: WhatsAppTemplate, parameters: readonly string[]): string {
  return template.body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => parameters[Number(n) - 1] ?? whole);
}

/** The template approved under `name`, if it is one of the shop's. */
export function templateNamed(name: string): WhatsAppTemplate | undefined {
  return Object.values(whatsappTemplates).find((template) => template.name === name);
}
