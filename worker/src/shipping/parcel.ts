import type { ParcelLine } from '../orders/cart.ts';
import type { ParcelItem } from './aggregator.ts';

/**
 * The parcel the aggregator prices and books: one item per line (value and weight per unit),
 * plus the packaging as its own item of no value, so the declared value stays the goods'.
 */
export function parcelItems(lines: readonly ParcelLine[], packagingWeightGrams: number): ParcelItem[] {
  const items: ParcelItem[] = lines.map((line) => ({
    name: line.name,
    value: line.price,
    quantity: line.quantity,
    weightGrams: line.weightGrams,
    lengthCm: line.lengthCm ?? null,
    widthCm: line.widthCm ?? null,
    heightCm: line.heightCm ?? null,
  }));
  if (packagingWeightGrams > 0) {
    items.push({ name: 'Kemasan', value: 0, quantity: 1, weightGrams: packagingWeightGrams });
  }
  return items;
}

/** The parcel's weight in grams: what a quote is cached and bound by. */
export function parcelWeight(items: readonly ParcelItem[]): number {
  return items.reduce((sum, item) => sum + item.weightGrams * item.quantity, 0);
}
