import { describe, expect, it } from 'vitest';
import { paymentGateway } from './gateway.ts';
import { notificationSignature, outcomeOf, plus62, wholeRupiah, wibTimestamp } from './midtrans.ts';

describe('Midtrans contract details (decision 026)', () => {
  it("maps transaction_status and a card capture's fraud_status to what the shop does", () => {
    expect(outcomeOf('settlement', null)).toBe('paid');
    expect(outcomeOf('capture', 'accept')).toBe('paid');
    expect(outcomeOf('capture', 'challenge')).toBe('pending');
    expect(outcomeOf('capture', 'deny')).toBe('failed');
    expect(outcomeOf('pending', null)).toBe('pending');
    for (const status of ['deny', 'cancel', 'expire', 'failure'])
      expect(outcomeOf(status, null)).toBe('failed');
    for (const status of ['refund', 'partial_refund']) expect(outcomeOf(status, 'accept')).toBe('refund');
    expect(outcomeOf('something_new', null)).toBe('unknown');
  });

  it('reads gross_amount as whole rupiah only when it is exactly that', () => {
    expect(wholeRupiah('150000.00')).toBe(150_000);
    expect(wholeRupiah('150000')).toBe(150_000);
    expect(wholeRupiah('150000.50')).toBeNull();
    expect(wholeRupiah('-1.00')).toBeNull();
    expect(wholeRupiah('1e5')).toBeNull();
  });

  it('writes Snap expiry.start_time in WIB and phones in +62 form', () => {
    expect(wibTimestamp(new Date('2026-11-26T17:30:05.123Z'))).toBe('2026-11-27 00:30:05 +0700');
    expect(plus62('0812-3456-7890')).toBe('+6281234567890');
    expect(plus62('+62 812 3456 7890')).toBe('+6281234567890');
    expect(plus62('12')).toBeUndefined();
    expect(plus62(null)).toBeUndefined();
  });

  it('signs SHA-512 over order_id + status_code + gross_amount + server key, as strings received', async () => {
    // Computed outside the code under test: printf '%s' 'order-1200150000.00SB-Mid-server-x' | sha512sum
    expect(await notificationSignature('order-1', '200', '150000.00', 'SB-Mid-server-x')).toBe(
      '414a092312694f5bc9bc484fb2d9faeff6a7a1bc5bc8d0b2d3c39f66995c2d79946a0562c317f3251053816edfb9b13fd300a78d8f3c226e6da953dde9a0b16d',
    );
  });

  it('is off without a server key: no gateway, its methods are not offered', () => {
    expect(paymentGateway({})).toBeNull();
    expect(paymentGateway({ MIDTRANS_SERVER_KEY: 'SB-Mid-server-x' })?.method).toBe('midtrans');
  });
});
