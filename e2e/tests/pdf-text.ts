import { inflateSync } from 'node:zlib';

/**
 * The lines of text a PDF the shop drew shows (decision 057): its streams inflated, each line
 * drawn in the standard font being one hex string of WinAnsi codes.
 */
export function pdfLines(bytes: Buffer): string[] {
  const raw = bytes.toString('latin1');
  const parts = [raw];
  for (const match of raw.matchAll(/(?<!end)stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      parts.push(inflateSync(bytes.subarray(start, end)).toString('latin1'));
    } catch {
      // Not deflated (none of the shop's): its text is in `raw` already.
    }
  }
  return [...parts.join('\n').matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map(([, hex = '']) =>
    Buffer.from(hex, 'hex').toString('latin1'),
  );
}
