// The one HTML escaper of the shop's servers (the Worker's pages and emails, the sitemap's XML and
// the local scripts' pages): plain TypeScript a Node script can import as it is.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML (or XML) content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}
