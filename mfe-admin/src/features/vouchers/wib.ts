// The voucher's period is entered and shown in WIB (UTC+7 all year, no daylight saving time);
// the API stores UTC (decision 041).

const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

/** A stored UTC moment as a `datetime-local` value in WIB ('2027-03-20T00:00'); '' for none. */
export function wibInputValue(iso: string | null): string {
  return iso ? new Date(Date.parse(iso) + WIB_OFFSET_MS).toISOString().slice(0, 16) : '';
}

/** A `datetime-local` value read as WIB, in the API's ISO form with its offset; null when blank. */
export function fromWibInput(value: string): string | null {
  if (value === '') return null;
  // Minutes only unless the browser sent seconds; anything else is left for the schema's message.
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+07:00` : `${value}+07:00`;
}
