// wa.me links (zod-free: the product page and the contact section use them on a first visit).

/**
 * An Indonesian mobile number as wa.me wants it: digits only, in the international form
 * without '+' ('0812-3456-7890', '+62 812…' and '62812…' all become '62812…'). Null for
 * anything else, a landline included: WhatsApp never answers one (issue 29, defect 5).
 */
export function whatsappNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  const international = digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
  // Mobile numbers are 08 plus 8 to 11 digits; landlines start with an area code (021…).
  return /^628\d{8,11}$/.test(international) ? international : null;
}

/** https://wa.me/<number>?text=<message>, or null when the number is no Indonesian mobile. */
export function whatsappLink(phone: string, message: string): string | null {
  const number = whatsappNumber(phone);
  return number && `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}
