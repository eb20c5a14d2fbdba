import { UNSUBSCRIBE_CONFIRM_FIELD } from '@gi/contracts';
import { escapeHtml } from '@gi/contracts/html';
import { cspHash } from './csp.ts';

/** The page's only styles, admitted by their hash (the CSP allows no other inline style). */
const CSS =
  'body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;background:#faf7f2;color:#2b2118}' +
  'main{max-width:32rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem}' +
  'h1{font-size:1.4rem;margin:0 0 .75rem}p{line-height:1.5}' +
  'button{font:inherit;background:#8a5a2b;color:#fff;border:0;border-radius:8px;padding:.75rem 1.25rem;min-height:44px;cursor:pointer}' +
  'a{color:#8a5a2b}';

/**
 * What the unsubscribe link in a mail opens: a question, not the unsubscribe itself. A mail
 * scanner that follows every link only GETs it; the person's press POSTs the form (no script
 * needed) to the same address, which unsubscribes and lands on the home page's notice.
 */
export async function unsubscribePage(
  email: string,
  token: string,
): Promise<{ html: string; styleHash: string }> {
  const action = `/api/marketing/unsubscribe?token=${encodeURIComponent(token)}`;
  const html = `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Berhenti berlangganan – PT. Global Imperium</title>
<style>${CSS}</style>
</head>
<body>
<main>
<h1>Berhenti berlangganan email promosi?</h1>
<p>Kami tidak akan mengirim email promosi atau kabar stok lagi ke <strong>${escapeHtml(email)}</strong>. Email tentang pesanan Anda tetap dikirim.</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="${UNSUBSCRIBE_CONFIRM_FIELD}" value="ya">
<button type="submit">Ya, berhenti berlangganan</button>
</form>
<p><a href="/">Batal, kembali ke toko</a></p>
</main>
</body>
</html>`;
  return { html, styleHash: await cspHash(CSS) };
}
