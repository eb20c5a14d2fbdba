import type { SavedAddress, ShippingQuote } from '@gi/contracts';

/** API answers the checkout form reads: Jakarta's areas, an address book, a quote. */
export const areaRoutes = {
  'GET /api/areas/provinces': () =>
    Response.json({
      items: [
        { code: '31', name: 'Daerah Khusus Ibukota Jakarta' },
        { code: '51', name: 'Bali' },
      ],
    }),
  'GET /api/areas/provinces/31/regencies': () =>
    Response.json({ items: [{ code: '31.71', name: 'Kota Administrasi Jakarta Pusat' }] }),
  'GET /api/areas/regencies/31.71/districts': () =>
    Response.json({
      items: [
        { code: '31.71.01', name: 'Gambir' },
        { code: '31.71.02', name: 'Sawah Besar' },
      ],
    }),
};

export const jakartaQuote: ShippingQuote = {
  zone: 'Jabodetabek',
  subtotal: 500_000,
  options: [
    { id: 'jabodetabek-reguler', name: 'Reguler', fee: 17_000, etaMinDays: 1, etaMaxDays: 2 },
    { id: 'jabodetabek-kilat', name: 'Kilat', fee: 28_000, etaMinDays: 1, etaMaxDays: 1 },
  ],
  source: 'zones',
  quoteId: null,
  notice: null,
  weightGrams: 1_200,
};

/** SiCepat Reguler collects no cash on delivery here, JNE Reguler does (decision 034). */
const courier = (code: string, name: string, service: string, serviceName: string) => ({
  code,
  name,
  service,
  serviceName,
  cod: code === 'jne',
});

/** Live courier rates for the same cart and address, cheapest first (decision 032). */
export const courierQuote = (fees: { sicepat: number; jne: number } = { sicepat: 9_000, jne: 11_000 }) =>
  ({
    zone: 'Kurir langsung',
    subtotal: 500_000,
    options: [
      {
        id: 'sicepat:reg',
        name: 'SiCepat Reguler',
        fee: fees.sicepat,
        etaMinDays: 2,
        etaMaxDays: 3,
        courier: courier('sicepat', 'SiCepat', 'reg', 'Reguler'),
        tags: ['cheapest'],
      },
      {
        id: 'jne:reg',
        name: 'JNE Reguler',
        fee: fees.jne,
        etaMinDays: 1,
        etaMaxDays: 2,
        courier: courier('jne', 'JNE', 'reg', 'Reguler'),
        tags: ['fastest'],
      },
    ],
    source: 'courier',
    quoteId: `quote-${fees.sicepat}`,
    notice: null,
    weightGrams: 1_200,
  }) satisfies ShippingQuote;

export const savedGambir: SavedAddress = {
  id: 'a1',
  customerName: 'Ani',
  customerPhone: '+6281234567890',
  province: { code: '31', name: 'Daerah Khusus Ibukota Jakarta' },
  regency: { code: '31.71', name: 'Kota Administrasi Jakarta Pusat' },
  district: { code: '31.71.01', name: 'Gambir' },
  postalCode: '10110',
  customerAddress: 'Jl. Mawar 1',
  isDefault: true,
};
