// wa.me links (zod-free: the product page and the contact section use them on a first visit).

/**
 * A phone number as wa.me wants it: digits only, in the international form without '+'.
 * Indonesian national numbers ('0812-3456-7890') get the country code 62; a number
 * already written with it ('+62 812…', '62812…') keeps it. Null when too short to dial.
 */
export function whatsappNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  const international = digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
  // ITU-T E.164: at most 15 digits; Indonesia's shortest numbers have 8 after the 62.
  return /^[1-9]\d{7,14}$/.test(international) ? international : null;
}

/** https://wa.me/<number>?text=<message>, or null when the number cannot be dialled. */
export function whatsappLink(phone: string, message: string): string | null {
  const number = whatsappNumber(phone);
  return number && `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}
