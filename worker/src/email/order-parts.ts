import { formatDateTime, shortOrderId } from '@gi/contracts';
import { html, type SafeHtml } from './html.ts';
import { type EmailContext, paragraph } from './template.ts';

// Pieces the order emails share (issue 14): how an order is named, its page, times in WIB.

/** Every order email names the order the way the shop does (product.md §8): its first 8 characters. */
export const orderRef = (orderId: string) => `#${shortOrderId(orderId)}`;

/** The customer's order page. */
export const orderUrl = (orderId: string, { link }: EmailContext) => link(`/orders/${orderId}`);

/** A moment as Indonesians read it, in WIB whatever the server's zone. */
export const wib = (iso: string) => `${formatDateTime(iso)} WIB`;

/** 'Halo <name>,' as text and as a paragraph (the name escaped). */
export function greeting(name: string): { text: string; html: SafeHtml } {
  return { text: `Halo ${name},`, html: paragraph(`Halo ${name},`) };
}

/** Label–value rows (a breakdown, an address) as a plain list and an HTML table. */
export function facts(rows: readonly (readonly [string, string])[]): { text: string; html: SafeHtml } {
  return {
    text: rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
    html: html`<table style="margin:0 0 16px;border-collapse:collapse;font-size:15px;color:#1f1a17">${rows.map(
      ([label, value]) =>
        html`<tr><td style="padding:4px 16px 4px 0;color:#6b625b">${label}</td><td style="padding:4px 0;font-weight:bold">${value}</td></tr>`,
    )}</table>`,
  };
}
