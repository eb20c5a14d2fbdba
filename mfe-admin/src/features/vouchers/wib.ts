// The voucher's period is entered and shown in WIB (UTC+7 all year, no daylight saving time);
// the API stores UTC (decision 041). Shown back with the contracts' toWibInput, as the sale's.

/** A `datetime-local` value read as WIB, in the API's ISO form with its offset; null when blank. */
export function fromWibInput(value: string): string | null {
  if (value === '') return null;
  // Minutes only unless the browser sent seconds; anything else is left for the schema's message.
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+07:00` : `${value}+07:00`;
}
