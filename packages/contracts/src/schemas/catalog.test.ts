import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../field-errors.ts';
import { formatRupiah } from '../format.ts';
import { imageSrcSet } from '../media.ts';
import { foldNote } from '../scent.ts';
import { priceSchema, priceToNumber, productFormSchema } from './catalog.ts';
import { customerServiceInputSchema } from './content.ts';

const INVALID = 'Harga harus berupa angka rupiah, contoh: Rp 250.000';
const priceError = (value: unknown) => {
  const result = priceSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('price', () => {
  it('reads the forms an admin types', () => {
    for (const typed of [
      'Rp 250.000',
      'Rp250.000',
      'rp. 250.000',
      '250.000',
      '250000',
      'Rp 250.000,00',
      ' 250000 ',
    ]) {
      expect(priceSchema.parse(typed), typed).toBe(250_000);
    }
    expect(priceSchema.parse('Rp 0')).toBe(0);
    expect(priceSchema.parse('Rp 1.599.000')).toBe(1_599_000);
    expect(priceSchema.parse(125_000)).toBe(125_000);
  });

  it('refuses what is not a rupiah amount instead of keeping its digits', () => {
    for (const typed of [
      '-500',
      '12.5',
      '1e9',
      'abc',
      '250.00',
      '2.50.000',
      '1,000,000',
      'Rp 250.000,50',
      'Rp -5',
    ]) {
      expect(priceError(typed), typed).toBe(INVALID);
    }
    expect(priceError('')).toBe('Harga tidak boleh kosong');
    expect(priceError('   ')).toBe('Harga tidak boleh kosong');
    expect(priceError('Rp ')).toBe('Harga tidak boleh kosong');
    expect(priceError(-500)).toBe('Harga tidak boleh negatif');
    expect(priceError(12.5)).toBe('Harga harus bilangan bulat');
    expect(priceError('Rp 1.000.000.001')).toBe('Harga terlalu besar');
  });

  it('reads back every amount the shop displays', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (amount) => {
        expect(priceSchema.parse(formatRupiah(amount))).toBe(amount);
        expect(priceSchema.parse(String(amount))).toBe(amount);
      }),
    );
  });

  it('never turns a string with a sign, a decimal or an exponent into a price', () => {
    const number = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
      fc.integer({ min: -1_000_000_000, max: -1 }).map(String),
      fc.tuple(fc.nat(), fc.nat({ max: 99 })).map(([a, b]) => `${a}.${b}`),
    );
    fc.assert(
      fc.property(number, (typed) => {
        fc.pre(!/^\d+$/.test(typed) && !/^\d{1,3}(\.\d{3})+$/.test(typed));
        expect(Number.isNaN(priceToNumber(typed))).toBe(true);
        expect(priceError(typed)).toBe(INVALID);
      }),
    );
  });
});

describe('customer-service attachment', () => {
  const record = { title: 'Keluhan pengiriman' };
  const errors = (file_url: string) => {
    const result = customerServiceInputSchema.safeParse({ ...record, file_url });
    return result.success ? {} : fieldErrors(result.error);
  };

  it('is a web address or one of our images', () => {
    for (const url of ['https://contoh.id/bukti.pdf', 'http://contoh.id/a', '/images/bukti.webp']) {
      expect(errors(url), url).toEqual({});
    }
    expect(customerServiceInputSchema.parse({ ...record, file_url: ' ' }).file_url).toBeNull();
  });

  it('refuses script and other URLs', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      '//jahat.example',
      '/api/x',
    ]) {
      expect(errors(url), url).toEqual({
        file_url: 'URL lampiran harus diawali http://, https:// atau /images/',
      });
    }
  });
});

describe('productFormSchema', () => {
  const form = {
    name: 'Citrus Bloom',
    description: 'Parfum ringan untuk pagi yang cerah.',
    variants: [{ size_ml: '50', price: 'Rp 229.000', stock: '10', weight_grams: '270' }],
    image: '/images/citrus.webp',
    concentration: '',
    gender: 'unisex',
    notesTop: ' Jeruk , Lemon,, ',
    notesHeart: '',
    notesBase: 'Kasturi Putih',
  };

  it('reads the notes typed per layer and a select left empty as none', () => {
    expect(productFormSchema.parse(form)).toEqual({
      name: 'Citrus Bloom',
      description: 'Parfum ringan untuk pagi yang cerah.',
      variants: [
        {
          size_ml: 50,
          price: 229_000,
          stock: 10,
          sku: null,
          max_per_order: 5,
          weight_grams: 270,
          length_cm: null,
          width_cm: null,
          height_cm: null,
          sample_credit: null,
        },
      ],
      images: [{ url: '/images/citrus.webp', widths: [] }],
      notes: { top: ['Jeruk', 'Lemon'], heart: [], base: ['Kasturi Putih'] },
      concentration: null,
      gender: 'unisex',
    });
  });

  it('reads the maximum per order (5 unless typed) and, for a saved size, the stock the form read (decision 025)', () => {
    const sized = (variant: Record<string, unknown>) =>
      productFormSchema.safeParse({
        ...form,
        variants: [{ size_ml: '50', price: '229.000', stock: '7', weight_grams: '270', ...variant }],
      });
    expect(sized({ id: 'v1', expected_stock: '10', max_per_order: '3' }).data?.variants).toEqual([
      {
        id: 'v1',
        size_ml: 50,
        price: 229_000,
        stock: 7,
        sku: null,
        max_per_order: 3,
        weight_grams: 270,
        length_cm: null,
        width_cm: null,
        height_cm: null,
        sample_credit: null,
        expected_stock: 10,
      },
    ]);
    // 'Kredit Sampel (Rp)' is typed as a price is; blank is the price paid, 0 no credit.
    const credit = (typed: unknown) => sized({ sample_credit: typed });
    expect(credit('Rp 50.000').data?.variants[0]?.sample_credit).toBe(50_000);
    expect(credit('0').data?.variants[0]?.sample_credit).toBe(0);
    expect(credit(' ').data?.variants[0]?.sample_credit).toBeNull();
    expect(credit('-5').error?.issues[0]?.message).toBe(
      'Kredit Sampel harus berupa angka rupiah, contoh: Rp 50.000',
    );
    expect(credit(100_000_001).error?.issues[0]?.message).toBe('Kredit Sampel maksimal Rp 100.000.000');
    // A size saved before its stock was counted: the hidden field is empty.
    expect(sized({ id: 'v1', expected_stock: '' }).data?.variants[0]?.expected_stock).toBeNull();
    expect(sized({ id: 'v1' }).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['variants.0.stock', 'Stok yang dibaca formulir tidak ada. Muat ulang formulir.'],
    ]);
    expect(sized({ max_per_order: '0' }).error?.issues[0]?.message).toBe('Maksimal per pesanan minimal 1');
  });

  it('requires a sensible shipping weight in grams and reads a blank box side as not measured (decision 032)', () => {
    const sized = (variant: Record<string, unknown>) =>
      productFormSchema.safeParse({
        ...form,
        variants: [{ size_ml: '50', price: '229.000', stock: '7', ...variant }],
      });
    const message = (variant: Record<string, unknown>) =>
      sized(variant).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(message({})).toEqual([['variants.0.weight_grams', 'Berat harus diisi dalam gram']]);
    expect(message({ weight_grams: ' ' })).toEqual([
      ['variants.0.weight_grams', 'Berat harus diisi dalam gram'],
    ]);
    expect(message({ weight_grams: '0' })).toEqual([['variants.0.weight_grams', 'Berat minimal 1 gram']]);
    expect(message({ weight_grams: '40000' })).toEqual([
      ['variants.0.weight_grams', 'Berat maksimal 30.000 gram (30 kg)'],
    ]);
    expect(message({ weight_grams: '2,5' })).toEqual([
      ['variants.0.weight_grams', 'Berat harus bilangan bulat (gram)'],
    ]);
    expect(message({ weight_grams: '270', height_cm: '200' })).toEqual([
      ['variants.0.height_cm', 'Ukuran maksimal 150 cm'],
    ]);
    expect(
      sized({ weight_grams: '270', length_cm: '6', width_cm: '', height_cm: ' 14 ' }).data?.variants[0],
    ).toMatchObject({ weight_grams: 270, length_cm: 6, width_cm: null, height_cm: 14 });
  });

  it("keys a too long note by its layer's field", () => {
    const result = productFormSchema.safeParse({ ...form, notesHeart: `Melati, ${'a'.repeat(41)}` });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['notesHeart', 1]);
  });
});

describe('photo widths', () => {
  it('lists each stored copy in the srcset, the photo itself last', () => {
    expect(imageSrcSet({ url: '/images/k.webp', widths: [320, 720, 1600] })).toBe(
      '/images/k-320w.webp 320w, /images/k-720w.webp 720w, /images/k.webp 1600w',
    );
    // Copies are WebP whatever the photo is.
    expect(imageSrcSet({ url: '/images/k.jpg', widths: [320, 900] })).toBe(
      '/images/k-320w.webp 320w, /images/k.jpg 900w',
    );
    expect(imageSrcSet({ url: '/images/k.webp', widths: [] })).toBeUndefined();
  });

  it('folds notes for matching', () => {
    expect(foldNote('  Néroli   BIGARADE ')).toBe('neroli bigarade');
  });
});
