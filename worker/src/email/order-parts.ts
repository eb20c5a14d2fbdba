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

/**
 * What a customer typed (a name, a cancel reason), as text no mail program turns into a live
 * link: 'https://x.co' reads 'https[:]//x[.]co' (decision 023, so an order mail cannot carry
 * a phishing link). HTML escaping still applies where it is placed.
 */
export function typed(value: string): string {
  return value
    .replace(/([a-z][a-z0-9+.-]*):\/\//gi, '$1[:]//')
    .replace(/([\p{L}\p{N}-])\.(?=[\p{L}\p{N}-]{2,})/gu, '$1[.]')
    .replace(/@/g, '[at]');
}

/** 'Halo <name>,' as text and as a paragraph (the name escaped, links defused). */
export function greeting(name: string): { text: string; html: SafeHtml } {
  const hello = `Halo ${typed(name)},`;
  return { text: hello, html: paragraph(hello) };
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
