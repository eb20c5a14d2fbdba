import type { Env } from '../env.ts';
import { cspHash } from './csp.ts';
import { cachedRemoteFile } from './remote-files.ts';

export interface InlineStyle {
  css: string;
  /** Its CSP source: `style-src` admits exactly these inline styles. */
  hash: string;
}

// Above this the styles are better linked: cached once instead of sent with every page.
const MAX_INLINE_BYTES = 32_768;

async function readStyle(res: Response): Promise<InlineStyle | null> {
  const css = await res.text();
  // In a <style> element a closing tag would end it early, and a relative url() would
  // resolve against the page instead of the stylesheet.
  if (/<\/style/i.test(css) || /url\(\s*['"]?(?![a-z][a-z0-9+.-]*:|\/)/i.test(css)) return null;
  return { css, hash: await cspHash(css) };
}

/**
 * The route's styles as text for a server-rendered page, or null to link them. Inline,
 * they arrive with the HTML: a separate stylesheet from the remote costs the first
 * paint a connection and a round trip on a slow link, which a single bundle never pays.
 */
export async function inlineStyles(env: Env, hrefs: string[], origin: string): Promise<InlineStyle[] | null> {
  const styles = await Promise.all(
    hrefs.map((href) => cachedRemoteFile(env, new URL(href, origin), origin, readStyle)),
  );
  const found = styles.filter((style): style is InlineStyle => style !== null);
  if (found.length !== hrefs.length) return null;
  return found.reduce((size, style) => size + style.css.length, 0) <= MAX_INLINE_BYTES ? found : null;
}
