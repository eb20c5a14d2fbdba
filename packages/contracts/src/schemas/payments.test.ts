import { describe, expect, it } from 'vitest';
import { canTransition, orderStatuses, orderTransitions } from '../status-machines.ts';
import { orderStatusUpdateSchema } from './orders.ts';
import { paymentSettingsSchema } from './payments.ts';

const settings = {
  bankAccounts: [{ bank: 'BCA', accountNumber: '542-501 7788', holder: 'PT Global Imperium' }],
  paymentWindowHours: 24,
  qrisImage: '',
  notificationEmail: 'toko@contoh.id',
};

describe('paymentSettingsSchema', () => {
  it('keeps account numbers as digits and an empty QRIS as none; settings saved before the unpaid limits read the defaults', () => {
    expect(paymentSettingsSchema.parse(settings)).toEqual({
      ...settings,
      bankAccounts: [{ bank: 'BCA', accountNumber: '5425017788', holder: 'PT Global Imperium' }],
      qrisImage: null,
      unpaidOrdersPerCustomer: 3,
      unpaidOrdersPerClient: 20,
    });
  });

  it('refuses a number with letters, no account, and a window outside 1–168 hours', () => {
    const bad = (patch: object) => paymentSettingsSchema.safeParse({ ...settings, ...patch }).success;
    expect(bad({ bankAccounts: [{ ...settings.bankAccounts[0], accountNumber: '54250abc' }] })).toBe(false);
    expect(bad({ bankAccounts: [] })).toBe(false);
    expect(bad({ paymentWindowHours: 0 })).toBe(false);
    expect(bad({ paymentWindowHours: 169 })).toBe(false);
    expect(bad({ qrisImage: 'javascript:alert(1)' })).toBe(false);
    expect(bad({ unpaidOrdersPerCustomer: 0 })).toBe(false);
    expect(bad({ unpaidOrdersPerCustomer: 2.5 })).toBe(false);
    expect(bad({ unpaidOrdersPerClient: 501 })).toBe(false);
  });
});

describe('orderStatusUpdateSchema', () => {
  it("needs the courier and resi for 'shipped' only", () => {
    expect(orderStatusUpdateSchema.safeParse({ status: 'shipped' }).success).toBe(false);
    expect(
      orderStatusUpdateSchema.parse({ status: 'shipped', courier: ' JNE ', trackingNumber: ' JNE-123 ' }),
    ).toEqual({ status: 'shipped', courier: 'JNE', trackingNumber: 'JNE-123' });
    expect(
      orderStatusUpdateSchema.safeParse({ status: 'shipped', courier: 'JNE', trackingNumber: 'a b' }).success,
    ).toBe(false);
    expect(orderStatusUpdateSchema.parse({ status: 'processing' })).toEqual({ status: 'processing' });
    expect(orderStatusUpdateSchema.safeParse({ status: 'processing', courier: 'JNE' }).success).toBe(false);
  });
});

describe('orderTransitions', () => {
  it('never goes back, never stays, and ends at delivered and cancelled', () => {
    const rank = { pending: 0, processing: 1, shipped: 2, delivered: 3, cancelled: 4 };
    for (const from of orderStatuses) {
      expect(canTransition(from, from)).toBe(false);
      for (const to of orderTransitions[from]) expect(rank[to]).toBeGreaterThan(rank[from]);
    }
    expect(orderTransitions.delivered).toEqual([]);
    expect(orderTransitions.cancelled).toEqual([]);
  });
});
