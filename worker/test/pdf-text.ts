// Reads a PDF pdf-lib wrote, for the worker tests and the journeys (web APIs only, so workerd and
// Node both run it): its streams inflated, the text its pages draw (one entry per drawn line,
// standard fonts write hex strings of WinAnsi codes), its pages' sizes.

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');

async function inflate(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return latin1(new Uint8Array(await new Response(stream).arrayBuffer()));
}

export interface PdfRead {
  /** Every line of text drawn, in drawing order. */
  lines: string[];
  /** All of it, one line per drawn line. */
  text: string;
  /** Each page's [width, height] in points. */
  pages: [number, number][];
  /** How many filled rectangles are drawn (a barcode's bars). */
  rectangles: number;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfRead> {
  const raw = latin1(bytes);
  const parts: string[] = [raw];
  for (const match of raw.matchAll(/(?<!end)stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    // pdf-lib ends the data with one '\n' before 'endstream' (a deflated stream may itself end
    // in '\r', so a '\r\n' there is not an end-of-line to drop).
    const end = raw.indexOf('endstream', start);
    parts.push(await inflate(bytes.slice(start, end - 1)).catch(() => ''));
  }
  const all = parts.join('\n');
  const lines = [...all.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map(([, hex = '']) =>
    (hex.match(/../g) ?? []).map((pair) => String.fromCharCode(Number.parseInt(pair, 16))).join(''),
  );
  const pages = [...all.matchAll(/\/MediaBox \[ 0 0 ([\d.]+) ([\d.]+) \]/g)].map(
    ([, w, h]) => [Number(w), Number(h)] as [number, number],
  );
  return { lines, text: lines.join('\n'), pages, rectangles: [...all.matchAll(/\nh\nf\n/g)].length };
}
