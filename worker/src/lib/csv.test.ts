import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, csvRow, csvStream, parseCsv, wibDateTime } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","klik")', `"'=HYPERLINK(""http://evil.example"",""klik"")"`],
    ['+62812', "'+62812"],
    ['-1+1', "'-1+1"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
  ])('defuses a cell a spreadsheet would run as a formula: %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('quotes commas, quotes and line breaks per RFC 4180, and leaves plain text and numbers as they are', () => {
    expect(csvCell('Jl. Melati, No. 1')).toBe('"Jl. Melati, No. 1"');
    expect(csvCell('Parfum "Senja"')).toBe('"Parfum ""Senja"""');
    expect(csvCell('baris satu\nbaris dua')).toBe('"baris satu\nbaris dua"');
    expect(csvCell('Siti Aminah')).toBe('Siti Aminah');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(250_000)).toBe('250000');
    expect(csvCell(null)).toBe('');
    expect(csvRow(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});

describe('parseCsv', () => {
  it('reads back what csvRow writes, the defusing quote taken off', () => {
    const cells = ['=1+1', 'Jl. Melati, No. 1', 'Parfum "Senja"', 'dua\nbaris', '-5', '@x', '', "'biasa"];
    const text = `\uFEFF${csvRow(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])}${csvRow(cells)}`;
    expect(parseCsv(text)).toEqual([['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], cells]);
  });

  it('takes LF line ends, a last line without one, and keeps blank lines for the numbering', () => {
    expect(parseCsv('a,b\n1,2\n\n3,4')).toEqual([['a', 'b'], ['1', '2'], [''], ['3', '4']]);
  });

  it('refuses a quote that is never closed', () => {
    expect(parseCsv('a,b\n"1,2\n')).toBeNull();
  });
});

describe('dates', () => {
  it('writes UTC times in WIB (UTC+7), across midnight', () => {
    expect(wibDateTime('2026-03-01T10:00:00.000Z')).toBe('2026-03-01 17:00:00');
    expect(wibDateTime('2026-03-01T20:30:15.000Z')).toBe('2026-03-02 03:30:15');
    expect(wibDateTime(null)).toBe('');
  });

  it('dates the file name by the day in WIB', () => {
    expect(csvFileName('pesanan', Date.parse('2026-03-01T18:00:00.000Z'))).toBe('pesanan-2026-03-02.csv');
  });
});

describe('csvStream', () => {
  it('writes the BOM and header, then reads a page only when the reader asks for it', async () => {
    let read = 0;
    async function* pages() {
      for (const n of [1, 2]) {
        read = n;
        yield [[`baris ${n}`, n]];
      }
    }
    const reader = csvStream(['Nama', 'Nomor'], pages()).getReader();
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true, fatal: false });
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe('\uFEFFNama,Nomor\r\n');
    expect(read).toBe(0);
    expect(decoder.decode((await reader.read()).value)).toBe('baris 1,1\r\n');
    expect(read).toBe(1);
    expect(decoder.decode((await reader.read()).value)).toBe('baris 2,2\r\n');
    expect((await reader.read()).done).toBe(true);
  });
});
