import { describe, expect, it } from 'vitest';
import { parcelItems, parcelWeight } from './parcel.ts';

describe('parcelItems', () => {
  const lines = [
    { name: 'Oud 50 ml', price: 450_000, quantity: 2, weightGrams: 270 },
    {
      name: 'Rose 100 ml',
      price: 650_000,
      quantity: 1,
      weightGrams: 420,
      lengthCm: 8,
      widthCm: 8,
      heightCm: 15,
    },
  ];

  it('keeps value and weight per unit and adds the packaging as an item of no value', () => {
    const items = parcelItems(lines, 150);
    expect(items).toEqual([
      {
        name: 'Oud 50 ml',
        value: 450_000,
        quantity: 2,
        weightGrams: 270,
        lengthCm: null,
        widthCm: null,
        heightCm: null,
      },
      {
        name: 'Rose 100 ml',
        value: 650_000,
        quantity: 1,
        weightGrams: 420,
        lengthCm: 8,
        widthCm: 8,
        heightCm: 15,
      },
      { name: 'Kemasan', value: 0, quantity: 1, weightGrams: 150 },
    ]);
    expect(parcelWeight(items)).toBe(2 * 270 + 420 + 150);
  });

  it('adds no packaging item when the packaging weighs nothing', () => {
    expect(parcelItems(lines, 0).map((item) => item.name)).toEqual(['Oud 50 ml', 'Rose 100 ml']);
  });
});
