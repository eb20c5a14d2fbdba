import { env } from 'cloudflare:test';
import {
  BULK_DOCUMENTS_MAX,
  formatRupiah,
  INVOICES_PER_PART,
  type InvoiceSettings,
  type OrderDetail,
} from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser, type TestUser } from '../../test/helpers.ts';
import {
  CUSTOMER,
  cart,
  insertProducts,
  postOrder,
  REGULER,
  savePaymentSettings,
  type TestProduct,
} from '../../test/order-fixtures.ts';
import { readPdf } from '../../test/pdf-text.ts';
import { PAPER } from '../lib/pdf.ts';
import { charges, inWords } from '../orders/documents/invoice.ts';
import { splitPpn } from '../orders/documents/ppn.ts';

// Printed documents (issue 42, decision 057): the invoice's number, figures and access, the
// packing slips and the shipping labels; in workerd against real D1, the PDFs read back.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const SELLER: InvoiceSettings = {
  companyName: 'PT. Global Imperium',
  npwp: '0123.4567.8901.2345',
  address: 'Jl. Sudirman No. 1, Jakarta Selatan 12190',
  tax: 'included',
};

const saveSeller = (admin: TestUser, json: unknown = SELLER) =>
  call('/api/admin/settings/invoice', { method: 'PUT', cookie: admin.cookie, json });

async function placed(customer: TestUser, products: TestProduct[], more: Record<string, unknown> = {}) {
  const res = await postOrder(customer.cookie, { items: cart(products, 2), customer: CUSTOMER, ...more });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<OrderDetail>();
}

const confirm = async (admin: TestUser, id: string) =>
  expect(
    (await call(`/api/admin/orders/${id}/payment/confirm`, { method: 'POST', cookie: admin.cookie })).status,
  ).toBe(200);

const download = async (cookie: string | undefined, path: string) => {
  const res = await call(path, cookie ? { cookie } : {});
  return res;
};

async function pdfOf(res: Response) {
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('cache-control')).toBe('no-store');
  return readPdf(new Uint8Array(await res.arrayBuffer()));
}

const invoiceCounter = async () =>
  (await env.DB.prepare("SELECT value FROM counters WHERE name = 'invoices'").first<{ value: number }>())
    ?.value ?? 0;

async function shop() {
  const admin = await createUser('owner');
  const customer = await createUser();
  await savePaymentSettings(admin.cookie);
  await saveSeller(admin);
  const products = await insertProducts([249_999, 180_000]);
  return { admin, customer, products };
}

describe('the invoice (GET /api/orders/{id}/invoice.pdf)', { timeout: 60_000 }, () => {
  it('is refused until the order is paid, then numbered once; the next paid order takes the next number', async () => {
    const { admin, customer, products } = await shop();
    const first = await placed(customer, products);
    const second = await placed(customer, products.slice(0, 1));
    const early = await download(customer.cookie, `/api/orders/${first.id}/invoice.pdf`);
    expect(early.status).toBe(409);
    expect((await early.json<ErrorBody>()).error).toMatchObject({
      code: 'invoice_not_issued',
      message: 'Faktur terbit setelah pembayaran pesanan diterima',
    });

    const before = await invoiceCounter();
    await confirm(admin, second.id);
    await confirm(admin, first.id);
    const year = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 7).replace('-', '/');
    const numberOf = (seq: number) => `INV/${year}/${String(seq).padStart(6, '0')}`;

    const one = await pdfOf(await download(customer.cookie, `/api/orders/${second.id}/invoice.pdf`));
    const two = await pdfOf(await download(customer.cookie, `/api/orders/${first.id}/invoice.pdf`));
    expect(one.text).toContain(`No. ${numberOf(before + 1)}`);
    expect(two.text).toContain(`No. ${numberOf(before + 2)}`);
    // Downloaded again, by the admin too: the same number, and none used up.
    const again = await pdfOf(await download(admin.cookie, `/api/orders/${first.id}/invoice.pdf`));
    expect(again.text).toContain(`No. ${numberOf(before + 2)}`);
    expect(await invoiceCounter()).toBe(before + 2);
  });

  it('prints the seller, the lines, every charge, the total in words and the PPN the total includes', async () => {
    const { admin, customer, products } = await shop();
    await call('/api/admin/settings/gift-wrap', {
      method: 'PUT',
      cookie: admin.cookie,
      json: { enabled: true, fee: 10_000 },
    });
    await call('/api/admin/vouchers', {
      method: 'POST',
      cookie: admin.cookie,
      json: { code: 'FAKTUR10', kind: 'percent', value: 10 },
    });
    const order = await placed(customer, products, { voucherCode: 'FAKTUR10', gift: { wrap: true } });
    await confirm(admin, order.id);
    const pdf = await pdfOf(await download(customer.cookie, `/api/orders/${order.id}/invoice.pdf`));

    expect(pdf.pages).toEqual([[PAPER.a4.width, PAPER.a4.height]]);
    expect(pdf.lines).toContain('PT. Global Imperium');
    expect(pdf.lines).toContain('NPWP: 0123.4567.8901.2345');
    expect(pdf.lines).toContain('Jl. Sudirman No. 1, Jakarta Selatan 12190');
    expect(pdf.lines).toContain(CUSTOMER.customerName);
    expect(pdf.lines).toContain('Parfum Uji 1');
    expect(pdf.lines).toContain(formatRupiah(499_998));
    // Subtotal 859.998, 10% off (85.999), wrap 10.000, Reguler for 4 items, the transfer's unique code.
    const subtotal = 2 * 249_999 + 2 * 180_000;
    const shipping = REGULER.baseFee + 3 * REGULER.perItemFee;
    const total = subtotal - 85_999 + 10_000 + shipping + order.unique_code;
    expect(order.total_amount).toBe(total);
    const after = (label: string) => pdf.lines[pdf.lines.indexOf(label) + 1];
    expect(after('Subtotal')).toBe(formatRupiah(subtotal));
    expect(after('Diskon (FAKTUR10)')).toBe(formatRupiah(-85_999));
    expect(after('Bungkus Kado')).toBe(formatRupiah(10_000));
    expect(after(`Ongkos Kirim (${order.shipping_service})`)).toBe(formatRupiah(shipping));
    expect(after('Total')).toBe(formatRupiah(total));

    // The PPN split: 11/111 of the total, the selling price the rest, DPP nilai lain 11/12 of it.
    const ppn = Math.round((total * 11) / 111);
    expect(after('Harga Jual (tanpa PPN)')).toBe(formatRupiah(total - ppn));
    expect(after('DPP Nilai Lain (11/12 x Harga Jual)')).toBe(
      formatRupiah(Math.round(((total - ppn) * 11) / 12)),
    );
    expect(after('PPN 12% x DPP Nilai Lain')).toBe(formatRupiah(ppn));
    expect(after('Jumlah (Harga Jual + PPN)')).toBe(formatRupiah(total));
    expect(pdf.lines[pdf.lines.indexOf('Terbilang:') + 1]).toBe(inWords(total));
    expect(pdf.text).not.toContain('Pengusaha Kena Pajak');
  });

  it("prints 'Kredit Sampel' after the discount as money off; the charges still add up to the total", async () => {
    const { admin, customer, products } = await shop();
    const order = await placed(customer, products.slice(0, 1));
    // As checkout writes an order a credit paid toward (decision 061 part B): the total after it.
    const total = order.total_amount - 35_000;
    await env.DB.prepare('UPDATE orders SET credit_amount = 35000, total_amount = ? WHERE id = ?')
      .bind(total, order.id)
      .run();
    await confirm(admin, order.id);
    const pdf = await pdfOf(await download(customer.cookie, `/api/orders/${order.id}/invoice.pdf`));
    const after = (label: string) => pdf.lines[pdf.lines.indexOf(label) + 1];
    expect(after('Kredit Sampel')).toBe(formatRupiah(-35_000));
    expect(pdf.lines.indexOf('Kredit Sampel')).toBe(pdf.lines.indexOf('Subtotal') + 2);
    expect(after('Total')).toBe(formatRupiah(total));
    const read = await (
      await call(`/api/orders/${order.id}`, { cookie: customer.cookie })
    ).json<OrderDetail>();
    expect(charges(read).reduce((sum, [, amount]) => sum + amount, 0)).toBe(total);
  });

  it('writes the total in words, and carries no PPN for a seller who is not a PKP', async () => {
    const { admin, customer } = await shop();
    await saveSeller(admin, { ...SELLER, tax: 'none' });
    const order = await placed(customer, await insertProducts([462_000]));
    await confirm(admin, order.id);
    const pdf = await pdfOf(await download(customer.cookie, `/api/orders/${order.id}/invoice.pdf`));
    expect(pdf.text).toContain('Penjual bukan Pengusaha Kena Pajak: faktur ini tidak memuat PPN.');
    expect(pdf.text).not.toContain('PPN 12%');
    expect(pdf.lines[pdf.lines.indexOf('Terbilang:') + 1]).toBe(inWords(order.total_amount));
    expect(inWords(941_000)).toBe('Sembilan Ratus Empat Puluh Satu Ribu Rupiah');
    expect(inWords(1_250_500)).toBe('Satu Juta Dua Ratus Lima Puluh Ribu Lima Ratus Rupiah');
  });

  it("is another customer's 404 and a guest's 401", async () => {
    const { admin, customer, products } = await shop();
    const order = await placed(customer, products);
    await confirm(admin, order.id);
    const stranger = await createUser();
    const theirs = await download(stranger.cookie, `/api/orders/${order.id}/invoice.pdf`);
    expect(theirs.status).toBe(404);
    expect((await theirs.json<ErrorBody>()).error.code).toBe('not_found');
    expect((await download(undefined, `/api/orders/${order.id}/invoice.pdf`)).status).toBe(401);
  });

  it('keeps the sequence gapless: a payment whose batch fails takes no number, a second payment none either', async () => {
    const { admin, customer, products } = await shop();
    const order = await placed(customer, products);
    const before = await invoiceCounter();
    const pay = env.DB.prepare("UPDATE payments SET status = 'paid' WHERE order_id = ?").bind(order.id);
    await expect(
      env.DB.batch([pay, env.DB.prepare('INSERT INTO no_such_table VALUES (1)')]),
    ).rejects.toThrow();
    expect(await invoiceCounter()).toBe(before);
    await confirm(admin, order.id);
    await env.DB.prepare(
      "INSERT INTO payments (id, order_id, method, status, amount) VALUES (?, ?, 'bank_transfer', 'paid', 1)",
    )
      .bind(crypto.randomUUID(), order.id)
      .run();
    expect(await invoiceCounter()).toBe(before + 1);
    const { results } = await env.DB.prepare('SELECT seq FROM invoices WHERE order_id = ?')
      .bind(order.id)
      .all();
    expect(results).toEqual([{ seq: before + 1 }]);
  });
});

describe("'Faktur' settings", () => {
  it('are null until saved, then read back; a bad NPWP is refused in Indonesian and nothing is saved', async () => {
    const admin = await createUser('owner');
    const res = await saveSeller(admin, { ...SELLER, npwp: '12.345' });
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).error.fields).toMatchObject({
      npwp: 'NPWP harus 15 atau 16 digit angka',
    });
    const blank = await saveSeller(admin, { ...SELLER, companyName: '' });
    expect((await blank.json<ErrorBody>()).error.fields).toMatchObject({
      companyName: 'Nama perusahaan harus diisi',
    });
    expect(await (await call('/api/admin/settings/invoice', { cookie: admin.cookie })).json()).toBeNull();
    expect((await saveSeller(admin)).status).toBe(200);
    expect(await (await call('/api/admin/settings/invoice', { cookie: admin.cookie })).json()).toEqual(
      SELLER,
    );
    const customer = await createUser();
    expect((await call('/api/admin/settings/invoice', { cookie: customer.cookie })).status).toBe(403);
  });
});

describe('packing slips and shipping labels', { timeout: 60_000 }, () => {
  async function shippedOrder() {
    const { admin, customer, products } = await shop();
    const order = await placed(customer, products, {
      gift: { message: 'Selamat ulang tahun, Sinta! 🎉', wrap: false },
    });
    await confirm(admin, order.id);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO shipments (id, order_id, provider, courier_code, service_code, status, waybill_id) VALUES (?, ?, 'biteship', 'jne', 'reg', 'confirmed', 'WYB-1775600036808')",
      ).bind(crypto.randomUUID(), order.id),
    ]);
    return { admin, order };
  }

  it('a slip lists the items, sizes, quantities, recipient, courier, waybill and message, never a price', async () => {
    const { admin, order } = await shippedOrder();
    for (const format of ['a4', 'label'] as const) {
      const pdf = await pdfOf(
        await download(admin.cookie, `/api/admin/orders/${order.id}/packing-slip.pdf?format=${format}`),
      );
      expect(pdf.pages).toEqual([[PAPER[format].width, PAPER[format].height]]);
      expect(pdf.lines).toContain('Slip Pengemasan');
      expect(pdf.lines).toEqual(expect.arrayContaining(['Parfum Uji 1', 'Parfum Uji 2', '50 ml', '2']));
      expect(pdf.lines).toContain(`${CUSTOMER.customerName} · ${order.customer_phone}`);
      expect(pdf.text).toContain(CUSTOMER.customerAddress);
      expect(pdf.lines).toContain('Resi: WYB-1775600036808');
      expect(pdf.text).toContain('Kurir: JNE');
      // The emoji the standard font cannot write prints as '?'.
      expect(pdf.text).toContain('Selamat ulang tahun, Sinta! ?');
      expect(pdf.text).not.toMatch(/Rp/);
    }
  });

  it("a label draws the waybill's barcode, the recipient, the sender and the order number", async () => {
    const { admin, order } = await shippedOrder();
    const pdf = await pdfOf(await download(admin.cookie, `/api/admin/orders/${order.id}/shipping-label.pdf`));
    expect(pdf.pages).toEqual([[PAPER.label.width, PAPER.label.height]]);
    expect(pdf.lines).toEqual(
      expect.arrayContaining([
        'JNE',
        'Resi: WYB-1775600036808',
        CUSTOMER.customerName,
        'PT. Global Imperium',
      ]),
    );
    expect(pdf.text).toContain(`Pesanan #${order.id.slice(0, 8)} · 4 barang`);
    // Code 128 B of 17 characters: start, 17, checksum, stop: 20 symbols of 3 bars, the stop 4.
    expect(pdf.rectangles).toBe(19 * 3 + 4);
  });

  it("prints in bulk the day's paid orders (not one cancelled since) or the selected ones, one page each; none is a 404", async () => {
    const { admin, customer, products } = await shop();
    const orders = [await placed(customer, products), await placed(customer, products.slice(1))];
    for (const order of orders) await confirm(admin, order.id);
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    const slipsOfToday = async () => {
      const pdf = await pdfOf(
        await download(admin.cookie, `/api/admin/documents/packing-slips.pdf?date=${today}`),
      );
      return orders.filter((order) =>
        pdf.lines.some((line) => line.startsWith(`Pesanan #${order.id.slice(0, 8)}`)),
      );
    };
    expect(await slipsOfToday()).toEqual(orders);
    // Cancelled after its money arrived: it keeps its invoice, and is not packed.
    const cancel = await call(`/api/admin/orders/${orders[1]?.id}/status`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { status: 'cancelled' },
    });
    expect(cancel.status).toBe(200);
    expect(await slipsOfToday()).toEqual([orders[0]]);
    const ids = orders.map((order) => order.id).join(',');
    const chosen = await pdfOf(
      await download(admin.cookie, `/api/admin/documents/shipping-labels.pdf?ids=${ids}`),
    );
    // The cancelled one is not packed when ticked either.
    expect(chosen.pages).toHaveLength(1);
    const none = await download(admin.cookie, '/api/admin/documents/packing-slips.pdf?date=2001-01-01');
    expect(none.status).toBe(404);
    const both = await download(
      admin.cookie,
      `/api/admin/documents/packing-slips.pdf?date=${today}&ids=${ids}`,
    );
    expect(both.status).toBe(400);
    expect((await both.json<ErrorBody>()).error.message).toBe('Pilih tanggal atau pesanan');
    expect(
      (await download(customer.cookie, `/api/admin/orders/${orders[0]?.id}/packing-slip.pdf`)).status,
    ).toBe(403);
  });

  it('refuses a day with more paid orders than one print holds, rather than leaving some out', async () => {
    const { admin, customer } = await shop();
    await env.DB.batch([
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
          INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, status)
          SELECT printf('%03d', i) || '-massal', ?2, 'Siti', 's@contoh.id', 'Jl. Melati', 100000, 'processing' FROM n`,
      ).bind(BULK_DOCUMENTS_MAX + 1, customer.id),
      env.DB.prepare(
        `INSERT INTO invoices (order_id, seq, number, issued_at)
          SELECT id, 1000000 + rowid, 'INV/UJI/' || id, ?1 FROM orders WHERE id GLOB '*-massal'`,
      ).bind(new Date().toISOString()),
    ]);
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    const res = await download(admin.cookie, `/api/admin/documents/packing-slips.pdf?date=${today}`);
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).error.message).toBe(
      `Paling banyak ${BULK_DOCUMENTS_MAX} pesanan sekaligus`,
    );

    // In parts of 100 the whole day prints: the screen is told how many, each part holds its own.
    const parts = await call(`/api/admin/documents/paid-orders?date=${today}`, { cookie: admin.cookie });
    expect(await parts.json()).toEqual({ count: BULK_DOCUMENTS_MAX + 1, perPart: BULK_DOCUMENTS_MAX });
    const orderLines = (pdf: { lines: string[] }) =>
      pdf.lines.filter((line) => /^Pesanan #\d{3}-mass/.test(line));
    const first = await pdfOf(
      await download(admin.cookie, `/api/admin/documents/packing-slips.pdf?date=${today}&part=1`),
    );
    const second = await pdfOf(
      await download(admin.cookie, `/api/admin/documents/shipping-labels.pdf?date=${today}&part=2`),
    );
    expect(first.pages).toHaveLength(BULK_DOCUMENTS_MAX);
    expect(second.pages).toHaveLength(1);
    const printed = [...orderLines(first), ...orderLines(second)].map((line) => line.slice(9, 17));
    expect(new Set(printed).size).toBe(BULK_DOCUMENTS_MAX + 1);
    const beyond = await download(
      admin.cookie,
      `/api/admin/documents/packing-slips.pdf?date=${today}&part=3`,
    );
    expect(beyond.status).toBe(404);
    const badPart = await download(
      admin.cookie,
      `/api/admin/documents/packing-slips.pdf?date=${today}&part=0`,
    );
    expect(badPart.status).toBe(400);
    expect((await badPart.json<ErrorBody>()).error.fields).toMatchObject({ part: 'Bagian mulai dari 1' });
  });

  it('prints only the selected orders that have a parcel to pack, and refuses more than 100', async () => {
    const { admin, customer, products } = await shop();
    // Paid as each is placed: a customer may hold only a few unpaid orders.
    const paidOne = async () => {
      const order = await placed(customer, products);
      await confirm(admin, order.id);
      return order;
    };
    const paid = await paidOne();
    const cancelled = await paidOne();
    await paidOne(); // Paid, and not ticked.
    const unpaid = await placed(customer, products);
    const cancel = await call(`/api/admin/orders/${cancelled?.id}/status`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { status: 'cancelled' },
    });
    expect(cancel.status).toBe(200);
    const slipsOf = async (ids: (OrderDetail | undefined)[]) =>
      download(
        admin.cookie,
        `/api/admin/documents/packing-slips.pdf?ids=${ids.map((order) => order?.id).join(',')}`,
      );
    const pdf = await pdfOf(await slipsOf([paid, unpaid, cancelled]));
    // The paid one only: not the unpaid, not the cancelled, not the paid order nobody ticked.
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.lines.filter((line) => line.startsWith('Pesanan #'))).toEqual([
      expect.stringMatching(new RegExp(`^Pesanan #${paid?.id.slice(0, 8)}`)),
    ]);
    const nothing = await slipsOf([unpaid, cancelled]);
    expect(nothing.status).toBe(404);
    expect((await nothing.json<ErrorBody>()).error.message).toBe('Tidak ada pesanan untuk dicetak');

    const many = Array.from({ length: BULK_DOCUMENTS_MAX + 1 }, (_, i) => `x${i}`).join(',');
    const refused = await download(admin.cookie, `/api/admin/documents/shipping-labels.pdf?ids=${many}`);
    expect(refused.status).toBe(400);
    expect((await refused.json<ErrorBody>()).error.message).toBe(
      `Paling banyak ${BULK_DOCUMENTS_MAX} pesanan sekaligus`,
    );
  });
});

describe("a month's invoices for the accountant (GET /api/admin/documents/invoices.pdf)", {
  timeout: 120_000,
}, () => {
  const numbersIn = (pdf: { lines: string[] }) =>
    pdf.lines.filter((line) => line.startsWith('No. INV/')).map((line) => line.slice(4));

  it("holds every invoice of the WIB month in number order and none of another month's", async () => {
    const { admin, customer, products } = await shop();
    const orders = [
      await placed(customer, products),
      await placed(customer, products.slice(1)),
      await placed(customer, products),
    ];
    // Paid in the order 2, 0, 1: the numbers follow the money, not the order's placing.
    for (const i of [2, 0, 1]) await confirm(admin, orders[i]?.id ?? '');
    const numberOf = async (order: OrderDetail | undefined) =>
      (
        await env.DB.prepare('SELECT number FROM invoices WHERE order_id = ?')
          .bind(order?.id)
          .first<{ number: string }>()
      )?.number ?? '';
    // The first payment moved to the last day of the previous WIB month, as if it came then.
    const now = new Date(Date.now() + 7 * 3600_000);
    const month = now.toISOString().slice(0, 7);
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 7 * 3600_000;
    const previous = new Date(monthStart - 1 + 7 * 3600_000).toISOString().slice(0, 7);
    const moved = (await numberOf(orders[2])).replace(month.replace('-', '/'), previous.replace('-', '/'));
    await env.DB.prepare('UPDATE invoices SET number = ?, issued_at = ? WHERE order_id = ?')
      .bind(moved, new Date(monthStart - 1).toISOString(), orders[2]?.id)
      .run();
    const thisMonth = [await numberOf(orders[0]), await numberOf(orders[1])];

    const summary = await call(`/api/admin/documents/invoices?month=${month}`, { cookie: admin.cookie });
    expect(await summary.json()).toMatchObject({ perPart: INVOICES_PER_PART, last: thisMonth[1] });
    const pdf = await pdfOf(await download(admin.cookie, `/api/admin/documents/invoices.pdf?month=${month}`));
    const printed = numbersIn(pdf);
    expect(printed.filter((number) => thisMonth.includes(number))).toEqual(thisMonth);
    expect(printed).not.toContain(moved);
    expect(printed.every((number) => number.startsWith(`INV/${month.replace('-', '/')}/`))).toBe(true);
    expect([...printed].sort()).toEqual(printed);
    expect(pdf.text).toContain('Rincian PPN (harga sudah termasuk PPN)');

    const before = await pdfOf(
      await download(admin.cookie, `/api/admin/documents/invoices.pdf?month=${previous}`),
    );
    expect(numbersIn(before)).toContain(moved);
    expect(numbersIn(before)).not.toContain(thisMonth[0]);
  });

  it("answers an empty month with a 404 and a bad month with a 400, in Indonesian; money papers are not an order handler's", async () => {
    const admin = await createUser('admin');
    const empty = await call('/api/admin/documents/invoices?month=2001-01', { cookie: admin.cookie });
    expect(await empty.json()).toEqual({ count: 0, perPart: INVOICES_PER_PART, first: null, last: null });
    const none = await download(admin.cookie, '/api/admin/documents/invoices.pdf?month=2001-01');
    expect(none.status).toBe(404);
    expect((await none.json<ErrorBody>()).error.message).toBe('Tidak ada faktur pada bulan itu');
    for (const bad of ['2026-13', '2026-1', 'November']) {
      const res = await download(admin.cookie, `/api/admin/documents/invoices.pdf?month=${bad}`);
      expect(res.status).toBe(400);
      expect((await res.json<ErrorBody>()).error.fields).toMatchObject({
        month: 'Bulan harus berformat YYYY-MM, misalnya 2026-11',
      });
    }
    const handler = await createUser('order_handler');
    expect((await download(handler.cookie, '/api/admin/documents/invoices.pdf?month=2001-01')).status).toBe(
      403,
    );
    expect((await download(handler.cookie, '/api/admin/documents/invoices?month=2001-01')).status).toBe(403);
  });

  it('prints a month bigger than one PDF in parts of 200, each invoice once', async () => {
    const admin = await createUser('owner');
    const customer = await createUser();
    const total = INVOICES_PER_PART + 3;
    // A past month's run of the sequence, one invoice a minute from 1 February 2001 (WIB).
    await env.DB.batch([
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
          INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, status)
          SELECT 'bulan-' || i, ?2, 'Siti', 's@contoh.id', 'Jl. Melati', 111000, 'delivered' FROM n`,
      ).bind(total, customer.id),
      env.DB.prepare(
        `INSERT INTO invoices (order_id, seq, number, issued_at)
          SELECT id, 5000000 + rowid, 'INV/2001/02/' || (5000000 + rowid),
            strftime('%Y-%m-%dT%H:%M:%fZ', '2001-01-31T17:00:00Z', '+' || rowid || ' minutes')
          FROM orders WHERE id GLOB 'bulan-*'`,
      ),
    ]);
    const summary = await call('/api/admin/documents/invoices?month=2001-02', { cookie: admin.cookie });
    const { count, first, last } = await summary.json<{ count: number; first: string; last: string }>();
    expect(count).toBe(total);
    const one = await pdfOf(
      await download(admin.cookie, '/api/admin/documents/invoices.pdf?month=2001-02&part=1'),
    );
    const two = await pdfOf(
      await download(admin.cookie, '/api/admin/documents/invoices.pdf?month=2001-02&part=2'),
    );
    const printed = [...numbersIn(one), ...numbersIn(two)];
    expect(numbersIn(one)).toHaveLength(INVOICES_PER_PART);
    expect(printed).toHaveLength(total);
    expect(new Set(printed).size).toBe(total);
    expect([printed[0], printed.at(-1)]).toEqual([first, last]);
    const beyond = await download(admin.cookie, '/api/admin/documents/invoices.pdf?month=2001-02&part=3');
    expect(beyond.status).toBe(404);
    expect((await beyond.json<ErrorBody>()).error.message).toBe('Faktur bulan itu hanya 2 bagian');
  });
});

describe('splitPpn', () => {
  it('splits a total into a selling price and PPN that add up to it, PPN 12% of the 11/12 base within a rupiah', () => {
    expect(splitPpn(111_000, 'included')).toEqual({ sellingPrice: 100_000, taxBase: 91_667, ppn: 11_000 });
    expect(splitPpn(111_000, 'none')).toBeNull();
    for (let total = 1; total < 2_000_000; total += 7_919) {
      const split = splitPpn(total, 'included');
      expect(split && split.sellingPrice + split.ppn).toBe(total);
      expect(Math.abs((split?.taxBase ?? 0) * 0.12 - (split?.ppn ?? 0))).toBeLessThanOrEqual(1);
    }
  });
});
