import { expect, it } from 'vitest';
import { whatsappLink, whatsappNumber } from './whatsapp.ts';

it('writes Indonesian mobile numbers in the international form without + as wa.me requires', () => {
  expect(whatsappNumber('0812-3456-7890')).toBe('6281234567890');
  expect(whatsappNumber('+62 812 3456 7890')).toBe('6281234567890');
  expect(whatsappNumber('62812-3456-7890')).toBe('6281234567890');
  expect(whatsappNumber('0811 234 567')).toBe('62811234567');
});

it('refuses what WhatsApp cannot reach: landlines, too short, too long, no number', () => {
  expect(whatsappNumber('+62 21 7250 8800')).toBeNull();
  expect(whatsappNumber('(021) 7250-8800')).toBeNull();
  expect(whatsappLink('+62 21 7250 8800', 'Halo')).toBeNull();
  expect(whatsappNumber('')).toBeNull();
  expect(whatsappNumber('0812')).toBeNull();
  expect(whatsappNumber('hubungi kami')).toBeNull();
  expect(whatsappNumber('+62 812 3456 7890 1234 5')).toBeNull();
  expect(whatsappNumber('+1 415 555 0100')).toBeNull();
});

it('carries the message percent-encoded', () => {
  expect(whatsappLink('0812-3456-7890', 'Halo, pesanan #3f2a9c1e: Rp 250.123 & terima kasih')).toBe(
    'https://wa.me/6281234567890?text=Halo%2C%20pesanan%20%233f2a9c1e%3A%20Rp%20250.123%20%26%20terima%20kasih',
  );
});
