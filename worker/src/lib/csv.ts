import { wibDay, wibTimestamp } from '@gi/contracts';

// The one CSV writer and reader of the admin's exports and the product import (decision 056):
// RFC 4180 quoting, cells a spreadsheet would run as a formula defused, a UTF-8 BOM so Excel
// reads Indonesian text, and pages streamed as D1 answers them.

export type CsvValue = string | number | null | undefined;

/** What a spreadsheet may read as the start of a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A defused cell as this writer wrote it: the reader takes the quote off again. */
const DEFUSED = /^'[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const BOM = '\uFEFF';

/**
 * One cell: text starting like a formula gets a leading `'` (Excel and LibreOffice then show it
 * as text), and a cell with a quote, comma or line break is quoted with its quotes doubled.
 * Numbers are the shop's own integers (rupiah, counts) and stay numbers.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A record, CRLF-terminated as RFC 4180 writes it. */
export const csvRow = (cells: readonly CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * A CSV file as a stream: the BOM and header at once, then each page of `pages` only when the
 * reader asks for more, so a file of any length holds one page in memory. A page that fails
 * ends the stream with its error (the download breaks off rather than looking complete).
 */
export function csvStream(
  header: readonly string[],
  pages: AsyncIterator<readonly (readonly CsvValue[])[]>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(BOM + csvRow(header)));
      },
      async pull(controller) {
        const next = await pages.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.map(csvRow).join('')));
      },
      async cancel() {
        await pages.return?.();
      },
    },
    // No page is read ahead of the reader.
    { highWaterMark: 0 },
  );
}

/** A stored UTC time as a spreadsheet reads a date and time, in WIB: '2026-03-01 17:00:00'. */
export const wibDateTime = (iso: string | null): string => (iso ? wibTimestamp(Date.parse(iso)) : '');

/** An export's file name, dated by today in WIB: `pesanan-2026-03-01.csv`. */
export const csvFileName = (stem: string, now = Date.now()) => `${stem}-${wibDay(now)}.csv`;

/** The answer carrying a CSV stream as a download. */
export function csvResponse(fileName: string, body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    },
  });
}

/**
 * The records of a CSV text (RFC 4180: quoted cells may hold commas, doubled quotes and line
 * breaks; CRLF or LF between records; a BOM is skipped), one per line as a spreadsheet numbers
 * them (blank ones too). A cell this writer defused gets its `'` back off. Null when a quote is
 * never closed.
 */
export function parseCsv(text: string): string[][] | null {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    record.push(DEFUSED.test(cell) ? cell.slice(1) : cell);
    cell = '';
  };
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  for (let i = 0; i < source.length; i++) {
    const char = source[i] as string;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (source[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (char === '"' && cell === '') {
      quoted = true;
    } else if (char === ',') endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endCell();
      records.push(record);
      record = [];
    } else cell += char;
  }
  if (quoted) return null;
  if (cell !== '' || record.length > 0) {
    endCell();
    records.push(record);
  }
  return records;
}
