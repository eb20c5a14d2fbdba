import { expect, it } from 'vitest';
import { whatsappLink, whatsappNumber } from './whatsapp.ts';

it('writes Indonesian numbers in the international form without + as wa.me requires', () => {
  expect(whatsappNumber('0812-3456-7890')).toBe('6281234567890');
  expect(whatsappNumber('+62 812 3456 7890')).toBe('6281234567890');
  expect(whatsappNumber('62812-3456-7890')).toBe('6281234567890');
  expect(whatsappNumber('+62 21 7250 8800')).toBe('622172508800');
  expect(whatsappNumber('(021) 7250-8800')).toBe('622172508800');
});

it('refuses what cannot be dialled', () => {
  expect(whatsappNumber('')).toBeNull();
  expect(whatsappNumber('0812')).toBeNull();
  expect(whatsappNumber('hubungi kami')).toBeNull();
  expect(whatsappNumber('+62 812 3456 7890 1234 5')).toBeNull();
  expect(whatsappLink('12', 'Halo')).toBeNull();
});

it('carries the message percent-encoded', () => {
  expect(whatsappLink('0812-3456-7890', 'Halo, pesanan #3f2a9c1e: Rp 250.123 & terima kasih')).toBe(
    'https://wa.me/6281234567890?text=Halo%2C%20pesanan%20%233f2a9c1e%3A%20Rp%20250.123%20%26%20terima%20kasih',
  );
});
