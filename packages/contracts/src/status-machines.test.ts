import { describe, expect, it } from 'vitest';
import {
  allows,
  canTransition,
  customerOrderMoves,
  finalShipmentStatuses,
  isFinalOrderStatus,
  orderMoves,
  orderStatuses,
  paymentMoves,
  shipmentInTransitStatuses,
  shipmentIssueNotes,
  shipmentPickedUpStatuses,
  shipmentStatuses,
  shipmentStatusRank,
} from './status-machines.ts';

// The order's and the payment's moves are tried against D1's triggers in
// worker/src/db/status-machines.test.ts; these are the machines' own promises.

describe('the order', () => {
  it("moves under a condition only when it holds, and the dropdown's graph leaves them out", () => {
    expect(allows(orderMoves, 'shipped', 'cancelled')).toBe(false);
    expect(allows(orderMoves, 'shipped', 'cancelled', ['cod_unpaid'])).toBe(true);
    expect(canTransition('shipped', 'cancelled')).toBe(false);
  });

  it('ends at delivered and cancelled only; the customer moves along moves of the machine', () => {
    expect(orderStatuses.filter(isFinalOrderStatus)).toEqual(['delivered', 'cancelled']);
    for (const { from, to } of Object.values(customerOrderMoves)) expect(canTransition(from, to)).toBe(true);
  });
});

it("a payment attempt's moves never stay and never leave 'paid'", () => {
  for (const move of paymentMoves) expect(move.from).not.toBe(move.to);
  expect(paymentMoves.filter((move) => move.from === 'paid')).toEqual([]);
});

describe('the shipment', () => {
  it("ranks every status, 'booking' lowest, and its final statuses alone at the top", () => {
    const ranks = shipmentStatuses.map((status) => shipmentStatusRank[status]);
    const top = Math.max(...ranks);
    expect(Math.min(...ranks)).toBe(shipmentStatusRank.booking);
    expect(shipmentStatuses.filter((status) => shipmentStatusRank[status] === top)).toEqual([
      ...finalShipmentStatuses,
    ]);
  });

  it("writes 'in transit' only after 'picked up', and a problem only for a final status", () => {
    for (const status of shipmentInTransitStatuses) expect(shipmentPickedUpStatuses).toContain(status);
    for (const status of Object.keys(shipmentIssueNotes)) expect(finalShipmentStatuses).toContain(status);
  });
});
