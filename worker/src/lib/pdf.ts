import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { code128 } from './code128.ts';

// PDF files drawn in the Worker (decision 057), on pdf-lib: pages of text, rules and barcodes in
// the standard Helvetica, which every reader has, so no font is embedded and a file stays a few KB.

/** Points per millimetre. */
export const mm = (value: number) => (value * 72) / 25.4;

export const PAPER = {
  a4: { width: 595.28, height: 841.89, margin: mm(15) },
  /** A thermal label, 100 × 150 mm. */
  label: { width: mm(100), height: mm(150), margin: mm(4) },
} as const;
export type Paper = keyof typeof PAPER;

type Align = 'left' | 'right' | 'center';
interface TextStyle {
  size?: number;
  bold?: boolean;
  align?: Align;
}

/** Each font's characters, read once: `wrap` measures (and so makes printable) every word. */
const charsets = new WeakMap<PDFFont, Set<number>>();
function charsetOf(font: PDFFont): Set<number> {
  let known = charsets.get(font);
  if (!known) {
    known = new Set(font.getCharacterSet());
    charsets.set(font, known);
  }
  return known;
}

/** One page and the fonts it writes with; `y` runs from the top edge down. */
export class Sheet {
  readonly width: number;
  readonly height: number;
  readonly margin: number;

  constructor(
    private readonly page: PDFPage,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
    paper: Paper,
  ) {
    ({ width: this.width, height: this.height, margin: this.margin } = PAPER[paper]);
  }

  /** The width between the margins. */
  get inner() {
    return this.width - 2 * this.margin;
  }

  /**
   * Text as the standard font can write it (WinAnsi): a character it has no glyph for (an
   * emoji in a gift message) prints as '?', never refuses the document.
   */
  private printable(text: string, font: PDFFont): string {
    const known = charsetOf(font);
    return [...text.normalize('NFC')]
      .map((char) => (known.has(char.codePointAt(0) ?? 0) ? char : '?'))
      .join('');
  }

  /** One line whose top sits at `y`, aligned within [x, x + width] (the inner width by default). */
  text(
    value: string,
    x: number,
    y: number,
    { size = 10, bold = false, align = 'left' }: TextStyle = {},
    width = this.inner,
  ) {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const line = this.printable(value, font);
    const measured = font.widthOfTextAtSize(line, size);
    const left = align === 'left' ? x : align === 'right' ? x + width - measured : x + (width - measured) / 2;
    this.page.drawText(line, { x: left, y: this.height - y - size, size, font, color: rgb(0, 0, 0) });
  }

  /** Lines of at most `width` points, broken at spaces and at the text's own line breaks. */
  wrap(value: string, width: number, { size = 10, bold = false }: TextStyle = {}): string[] {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const fits = (line: string) => font.widthOfTextAtSize(this.printable(line, font), size) <= width;
    const lines: string[] = [];
    for (const paragraph of value.split(/\r?\n/)) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (fits(next) || !line) line = next;
        else {
          lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /** Wrapped text from `y` down; answers the `y` below it. */
  paragraph(value: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    const size = style.size ?? 10;
    let top = y;
    for (const line of this.wrap(value, width, style)) {
      this.text(line, x, top, style, width);
      top += size * 1.3;
    }
    return top;
  }

  /** A horizontal rule at `y`. */
  rule(y: number, x = this.margin, width = this.inner, thickness = 0.6) {
    this.page.drawLine({
      start: { x, y: this.height - y },
      end: { x: x + width, y: this.height - y },
      thickness,
      color: rgb(0, 0, 0),
    });
  }

  /** A box whose top-left corner is (x, y). */
  box(x: number, y: number, width: number, height: number) {
    this.page.drawRectangle({
      x,
      y: this.height - y - height,
      width,
      height,
      borderColor: rgb(0, 0, 0),
      borderWidth: 0.8,
    });
  }

  /** A Code 128 barcode of `value` filling `width` (quiet zones inside it), top at `y`. */
  barcode(value: string, x: number, y: number, width: number, height: number) {
    const { bars, modules } = code128(value);
    const module = width / (modules + 20);
    for (const bar of bars) {
      this.page.drawRectangle({
        x: x + (bar.x + 10) * module,
        y: this.height - y - height,
        width: bar.width * module,
        height,
        color: rgb(0, 0, 0),
      });
    }
  }
}

/** A document of pages on one paper. */
export class PdfFile {
  private constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {}

  static async create(title: string): Promise<PdfFile> {
    const doc = await PDFDocument.create();
    doc.setTitle(title);
    doc.setLanguage('id-ID');
    const [regular, bold] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
    ]);
    return new PdfFile(doc, { regular, bold });
  }

  page(paper: Paper): Sheet {
    const { width, height } = PAPER[paper];
    return new Sheet(this.doc.addPage([width, height]), this.fonts, paper);
  }

  save(): Promise<Uint8Array> {
    return this.doc.save();
  }
}

/** The answer carrying a PDF, shown in the browser and saved under `filename` (private: the policy's no-store). */
export const pdfResponse = (bytes: Uint8Array, filename: string) =>
  new Response(bytes, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${filename.replace(/[^\w.-]/g, '-')}"`,
    },
  });
