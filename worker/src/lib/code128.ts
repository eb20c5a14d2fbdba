// Code 128 barcodes (ISO/IEC 15417) for the shipping label's waybill (decision 057): code set B,
// which writes every printable ASCII character a courier's waybill uses, checksum mod 103. A
// module of its own: a barcode package draws to a canvas or SVG, the PDF needs the bars alone.

/** Each symbol's bar and space widths in modules (bar first), values 0–106; 106 is the stop. */
const PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
];
const START_B = 104;
const STOP = 106;

/** Whether code set B can write the text: printable ASCII, at least one character. */
export const encodable = (text: string) => /^[\x20-\x7e]+$/.test(text);

/** The symbols' values: start B, the characters, the mod-103 checksum, stop. */
export function code128Symbols(text: string): number[] {
  if (!encodable(text)) throw new Error('Code 128 B writes printable ASCII only');
  const values = [...text].map((char) => char.charCodeAt(0) - 32);
  const checksum = values.reduce((sum, value, i) => sum + value * (i + 1), START_B) % 103;
  return [START_B, ...values, checksum, STOP];
}

/**
 * The bars of `text`: each as its start and width in modules, left to right, quiet zones
 * excluded (the caller leaves 10 modules blank on each side).
 */
export function code128(text: string): { bars: { x: number; width: number }[]; modules: number } {
  const bars: { x: number; width: number }[] = [];
  let x = 0;
  for (const value of code128Symbols(text)) {
    [...(PATTERNS[value] as string)].forEach((digit, i) => {
      const width = Number(digit);
      if (i % 2 === 0) bars.push({ x, width });
      x += width;
    });
  }
  return { bars, modules: x };
}
