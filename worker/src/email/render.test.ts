import { MAX_ORDER_LINES } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { html } from './html.ts';
import { type HowToPay, howToPay, type OrderLine, type OrderSummary } from './order-parts.ts';
import { renderEmail, type TemplateData, type TemplateName } from './render.ts';
import { button, layout, paragraph } from './template.ts';
import { templates } from './templates/index.ts';
import type { OrderCancelledData } from './templates/order-cancelled.ts';

const ORIGIN = 'https://toko.example';

/** What a reader sees of the HTML part: its text, tags and runs of spaces made one space. */
const visible = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const ORDER_ID = '3f2a9c10-5b7e-4d2a-9f0e-1c2b3d4e5f60';
const ORDER_LINK = `${ORIGIN}/orders/${ORDER_ID}`;
const ADMIN_LINK = `${ORIGIN}/admin?section=order-detail&id=${ORDER_ID}`;
const DUE_AT = '2026-03-02T10:00:00.000Z';

/** Two sizes of two perfumes, to Kec. Gambir: what an order mail shows of the order. */
const SUMMARY: OrderSummary = {
  lines: [
    { name: 'Mawar Senja', sizeMl: 50, quantity: 2, unitPrice: 100_000, lineTotal: 200_000 },
    { name: 'Oud Malam & Co', sizeMl: 100, quantity: 1, unitPrice: 50_000, lineTotal: 50_000 },
  ],
  recipient: 'Siti Aminah',
  phone: '0812-3456-7890',
  address:
    'Jl. Melati No. 1, Kec. Gambir, Kota Administrasi Jakarta Pusat, Daerah Khusus Ibukota Jakarta 10110',
  shippingService: 'Reguler',
  etaDays: { min: 2, max: 3 },
  subtotal: 250_000,
  shippingFee: 15_000,
  uniqueCode: 417,
  codFee: 0,
  discount: 0,
  voucherCode: null,
  credit: 0,
  giftWrapFee: 0,
  giftWrap: false,
  giftMessage: null,
  total: 265_417,
};
const TRANSFER: HowToPay = {
  kind: 'transfer',
  bankAccounts: [{ bank: 'BCA', accountNumber: '5425017788', holder: 'PT Global Imperium' }],
  online: true,
};

// Each template with the data it is queued with; a new template joins this list.
const samples: { [N in TemplateName]: { data: TemplateData<N>; link: string } } = {
  'email-change': { data: { token: 'abc-123' }, link: `${ORIGIN}/api/auth/email/confirm?token=abc-123` },
  'email-change-undo': { data: { token: 'abc-123' }, link: `${ORIGIN}/api/auth/email/undo?token=abc-123` },
  'password-reset': { data: { token: 'abc-123' }, link: `${ORIGIN}/reset-password?token=abc-123` },
  'sign-in-link': { data: { token: 'abc-123' }, link: `${ORIGIN}/api/auth/login/link?token=abc-123` },
  'staff-invite': {
    data: { token: 'abc-123', role: 'order_handler' },
    link: `${ORIGIN}/admin/login?invite=abc-123`,
  },
  'order-placed': {
    data: { orderId: ORDER_ID, customerName: 'Siti', summary: SUMMARY, pay: TRANSFER, dueAt: DUE_AT },
    link: ORDER_LINK,
  },
  'payment-reminder': {
    data: {
      orderId: ORDER_ID,
      customerName: 'Siti',
      summary: SUMMARY,
      pay: {
        kind: 'online',
        channel: 'bca_va',
        amount: 265_000,
        payCode: '12345678901234567',
        billerCode: null,
      },
      dueAt: DUE_AT,
      hoursLeft: 5,
    },
    link: ORDER_LINK,
  },
  'receipt-received': {
    data: { orderId: ORDER_ID, customerName: 'Siti', amount: 265_417 },
    link: ORDER_LINK,
  },
  'paid-after-cancel': {
    data: { orderId: ORDER_ID, customerName: 'Siti', amount: 265_000 },
    link: ORDER_LINK,
  },
  'payment-confirmed': {
    data: { orderId: ORDER_ID, customerName: 'Siti', total: 265_417 },
    link: ORDER_LINK,
  },
  'payment-rejected': {
    data: {
      orderId: ORDER_ID,
      customerName: 'Siti',
      reason: 'Nominal tidak sesuai',
      total: 265_417,
      dueAt: '2026-03-02T10:00:00.000Z',
    },
    link: ORDER_LINK,
  },
  'order-shipped': {
    data: { orderId: ORDER_ID, customerName: 'Siti', courier: 'JNE', trackingNumber: 'JNE123' },
    link: ORDER_LINK,
  },
  'order-delivered': { data: { orderId: ORDER_ID, customerName: 'Siti' }, link: ORDER_LINK },
  'order-cancelled': {
    data: {
      orderId: ORDER_ID,
      customerName: 'Siti',
      expired: true,
      reason: null,
      money: { state: 'none', online: null },
    },
    link: ORDER_LINK,
  },
  'shop-new-order': {
    data: {
      orderId: ORDER_ID,
      customerName: 'Siti',
      customerEmail: 'siti@contoh.id',
      total: 265_417,
      itemCount: 2,
    },
    link: ADMIN_LINK,
  },
  'shop-receipt-uploaded': {
    data: { orderId: ORDER_ID, customerName: 'Siti', total: 265_417 },
    link: ADMIN_LINK,
  },
  'shop-gateway-payment': {
    data: {
      orderId: ORDER_ID,
      customerName: 'Siti',
      amount: 265_000,
      channel: 'other_qris',
      outcome: 'paid',
    },
    link: ADMIN_LINK,
  },
  'shop-paid-order-cancelled': {
    data: { orderId: ORDER_ID, customerName: 'Siti', total: 265_417, reason: 'Salah ukuran' },
    link: ADMIN_LINK,
  },
  'shop-shipment-issue': {
    data: {
      orderId: ORDER_ID,
      customerName: 'Siti',
      courier: 'JNE',
      waybillId: 'WYB-1775600036808',
      reason: 'Paket dikembalikan ke toko oleh kurir',
    },
    link: ADMIN_LINK,
  },
  'shop-bpom-expiring': {
    data: {
      productName: 'Melati Senja',
      bpomNumber: 'NA18201200456',
      validUntil: '2027-01-28',
      daysLeft: 60,
    },
    link: `${ORIGIN}/manage-products`,
  },
  'back-in-stock': {
    data: {
      productId: 'melati-malam',
      productName: 'Melati Malam',
      size: '50 ml',
      price: 275_000,
      unsubscribeToken: 'token-uji',
    },
    link: `${ORIGIN}/product/melati-malam`,
  },
  'review-request': {
    data: {
      orderId: ORDER_ID,
      customerName: 'Siti',
      products: [{ id: 'melati-malam', name: 'Melati Malam', token: 'tautan-uji' }],
      unsubscribeToken: 'token-uji',
    },
    link: `${ORIGIN}/product/melati-malam?ulas=tautan-uji`,
  },
  'saved-cart-reminder': {
    data: {
      lines: [
        { name: 'Melati Malam', size: '50 ml', quantity: 2, price: 275_000 },
        { name: 'Oud Royale', size: '100 ml', quantity: 1, price: 450_000 },
      ],
      unsubscribeToken: 'token-uji',
    },
    link: `${ORIGIN}/cart`,
  },
  'owner-incident': {
    data: {
      title: 'Pengiriman email',
      failures: 3,
      startedAt: '2026-03-02T03:00:00.000Z',
      lastError: 'Email Service menolak pengirim',
    },
    link: `${ORIGIN}/admin`,
  },
  'customer-service-reply': {
    data: {
      customerName: 'Siti Aminah',
      subject: 'Stok Mawar Senja',
      reply: 'Stok 50 ml datang Senin depan.',
      message: 'Kapan Mawar Senja 50 ml tersedia lagi?',
    },
    link: `${ORIGIN}/contact`,
  },
  'shop-low-stock': {
    data: { productName: 'Melati Senja', sizeMl: 50, sku: 'MS-50', stock: '3', threshold: 5, sets: [] },
    link: `${ORIGIN}/admin`,
  },
  'shop-stock-summary': {
    data: {
      day: '2026-11-29',
      threshold: 5,
      sizes: [
        { productName: 'Melati Senja', sizeMl: 50, sku: 'MS-50', stock: 0, sets: [] },
        { productName: 'Oud Royale', sizeMl: 100, sku: null, stock: 4, sets: [] },
      ],
      total: 2,
    },
    link: `${ORIGIN}/admin`,
  },
};

describe('what a customer typed', () => {
  // Issue 27 finding 2: a name or a cancel reason carrying a phishing link.
  const lure = 'Akun diblokir, verifikasi di https://bank-palsu.co/masuk atau www.bank-palsu.co';
  const names = [
    'order-cancelled',
    'shop-new-order',
    'shop-paid-order-cancelled',
    'customer-service-reply',
  ] as const;
  const rendered = [
    renderEmail(
      names[0],
      {
        orderId: ORDER_ID,
        customerName: lure,
        expired: false,
        reason: lure,
        money: { state: 'receipt', amount: 1 },
      },
      ORIGIN,
    ),
    renderEmail(
      names[1],
      { orderId: ORDER_ID, customerName: lure, customerEmail: 'x@bank-palsu.co', total: 1, itemCount: 1 },
      ORIGIN,
    ),
    renderEmail(names[2], { orderId: ORDER_ID, customerName: lure, total: 1, reason: lure }, ORIGIN),
    // A contact message typed with someone else's address: the reply must not carry its link.
    renderEmail(
      names[3],
      { customerName: lure, subject: lure, reply: 'Terima kasih.', message: lure },
      ORIGIN,
    ),
  ];
  it.each(rendered.map((email, i) => [names[i], email] as const))(
    '%s: shows it as plain text, with no link or domain a mail program would make live',
    (_, email) => {
      for (const part of [email.text, email.html]) {
        expect(part).toContain('https[:]//bank-palsu[.]co/masuk');
        expect(part).not.toMatch(/bank-palsu\.co/);
        expect(part).not.toMatch(/www\./);
      }
    },
  );
});

describe('email templates', () => {
  it('covers every registered template', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(templates).sort());
  });

  for (const name of Object.keys(samples) as TemplateName[]) {
    it(`${name}: an Indonesian subject, a plain-text and an HTML part, both linking to the public origin`, () => {
      const { data, link } = samples[name];
      const email = renderEmail(name, data, ORIGIN);
      expect(email.subject.length).toBeGreaterThan(5);
      expect(email.text).toContain(`\n${link}\n`);
      expect(email.text).not.toMatch(/<[a-z]/i);
      expect(email.text).toContain('PT. Global Imperium');
      expect(email.html).toMatch(/^<!doctype html>\n<html lang="id">/);
      // In HTML an attribute's '&' is written '&amp;'.
      expect(email.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
      expect(email.html).toContain(`<title>${email.subject}</title>`);
      // Every link of either part is on the public origin.
      for (const [url] of `${email.text} ${email.html}`.matchAll(/https?:\/\/[^\s"<]+/g)) {
        expect(url.startsWith(`${ORIGIN}/`)).toBe(true);
      }
    });
  }

  it('puts a token into the link as a query value, never as markup or another parameter', () => {
    const email = renderEmail('password-reset', { token: '"><script>x</script>&admin=1' }, ORIGIN);
    expect(email.html).not.toContain('<script>');
    expect(email.text).toContain(
      `${ORIGIN}/reset-password?token=%22%3E%3Cscript%3Ex%3C%2Fscript%3E%26admin%3D1\n`,
    );
  });
});

describe('marketing emails', () => {
  it("'Kabari Saya' names the size and its price, and carries the unsubscribe link in both parts", () => {
    const email = renderEmail('back-in-stock', samples['back-in-stock'].data, ORIGIN);
    const unsubscribe = `${ORIGIN}/api/marketing/unsubscribe?token=token-uji`;
    expect(email.subject).toBe('Melati Malam 50 ml tersedia lagi');
    expect(email.text).toContain(
      'Melati Malam 50 ml yang Anda tunggu tersedia lagi, dengan harga Rp 275.000.',
    );
    expect(email.text).toContain(`Berhenti berlangganan:\n${unsubscribe}\n`);
    expect(email.html).toContain(`href="${unsubscribe}"`);
    expect(email.unsubscribeUrl).toBe(unsubscribe);
  });

  it("the saved cart's reminder lists its lines at their prices, links to the cart and carries the unsubscribe link", () => {
    const email = renderEmail('saved-cart-reminder', samples['saved-cart-reminder'].data, ORIGIN);
    const unsubscribe = `${ORIGIN}/api/marketing/unsubscribe?token=token-uji`;
    expect(email.subject).toBe('Keranjang Anda masih menunggu');
    expect(email.text).toContain(
      'Melati Malam 50 ml × 2: Rp 550.000\nOud Royale 100 ml × 1: Rp 450.000\nTotal: Rp 1.000.000',
    );
    expect(email.text).toContain(`${ORIGIN}/cart`);
    expect(email.text).toContain(`Berhenti berlangganan:\n${unsubscribe}\n`);
    expect(email.unsubscribeUrl).toBe(unsubscribe);
  });

  it('a transactional email has no unsubscribe link', () => {
    const email = renderEmail('order-delivered', samples['order-delivered'].data, ORIGIN);
    expect(email.unsubscribeUrl).toBeUndefined();
    expect(email.text).not.toContain('Berhenti berlangganan');
  });
});

describe('order emails', () => {
  it('a shipment booked through the aggregator: the resi and its tracking page, then the order page', () => {
    const email = renderEmail(
      'order-shipped',
      {
        ...samples['order-shipped'].data,
        trackingNumber: 'WYB-1775600036808',
        tracking: { url: 'https://track.biteship.com/gUrfgs3iTkC4AjwA5XDlDX89' },
      },
      ORIGIN,
    );
    expect(email.text).toContain('Nomor resi: WYB-1775600036808');
    expect(email.text).toContain('Lacak pengiriman: https://track.biteship.com/gUrfgs3iTkC4AjwA5XDlDX89\n');
    expect(email.text).toContain(`\n${ORDER_LINK}\n`);
    expect(email.html).toContain('href="https://track.biteship.com/gUrfgs3iTkC4AjwA5XDlDX89"');
    expect(email.html).toContain(`href="${ORDER_LINK}"`);
  });

  it('a booked shipment without a tracking page or a resi yet: the order page tracks it', () => {
    const email = renderEmail(
      'order-shipped',
      { ...samples['order-shipped'].data, trackingNumber: null, tracking: { url: null } },
      ORIGIN,
    );
    expect(email.text).toContain('Nomor resi: menyusul, tampil di halaman pesanan');
    expect(email.html).toContain('>Lacak pengiriman</a>');
    expect(email.html).toContain(`href="${ORDER_LINK}"`);
  });

  it('the order placed email gives the exact amount, the accounts and the deadline in WIB', () => {
    const email = renderEmail('order-placed', samples['order-placed'].data, ORIGIN);
    expect(email.subject).toBe('Pesanan #3f2a9c10: selesaikan pembayaran Rp 265.417');
    expect(email.text).toContain('Silakan transfer tepat Rp 265.417 (termasuk kode unik 417)');
    // 10:00 UTC is 17:00 in Jakarta.
    expect(email.text).toMatch(/2 Maret 2026.*17[.:]00 WIB/);
    expect(email.text).toContain('BCA: 5425017788 a.n. PT Global Imperium');
    expect(email.html).toContain('5425017788 a.n. PT Global Imperium');
  });

  it('the order placed email lists the items, the delivery and the breakdown, in text and in HTML', () => {
    const email = renderEmail('order-placed', samples['order-placed'].data, ORIGIN);
    for (const line of [
      '- Mawar Senja (50 ml): 2 x Rp 100.000 = Rp 200.000',
      '- Oud Malam & Co (100 ml): 1 x Rp 50.000 = Rp 50.000',
      'Penerima: Siti Aminah',
      'Telepon: 0812-3456-7890',
      'Alamat: Jl. Melati No. 1, Kec. Gambir, Kota Administrasi Jakarta Pusat, Daerah Khusus Ibukota Jakarta 10110',
      'Layanan pengiriman: Reguler (estimasi 2-3 hari)',
      'Subtotal produk: Rp 250.000',
      'Ongkos kirim (Reguler): Rp 15.000',
      'Kode unik: Rp 417',
      'Total transfer: Rp 265.417',
    ]) {
      expect(email.text).toContain(line);
    }
    const shown = visible(email.html);
    for (const cells of [
      'Mawar Senja (50 ml) 2 Rp 100.000 Rp 200.000',
      'Oud Malam & Co (100 ml) 1 Rp 50.000 Rp 50.000',
      'Penerima Siti Aminah',
      'Telepon 0812-3456-7890',
      'Alamat Jl. Melati No. 1, Kec. Gambir, Kota Administrasi Jakarta Pusat, Daerah Khusus Ibukota Jakarta 10110',
      'Layanan pengiriman Reguler (estimasi 2-3 hari)',
      'Subtotal produk Rp 250.000',
      'Kode unik Rp 417',
      'Total transfer Rp 265.417',
      'BCA 5425017788 a.n. PT Global Imperium',
    ]) {
      expect(shown).toContain(cells);
    }
    expect(email.html).toContain('Oud Malam &amp; Co (100 ml)');
    // The gateway is offered too: the transfer mail says so.
    expect(email.text).toContain('QRIS, virtual account, atau e-wallet');
  });

  it('an order to be paid online: no accounts, no unique code, the amount the gateway charges and the page to pay on', () => {
    const email = renderEmail(
      'order-placed',
      {
        ...samples['order-placed'].data,
        pay: { kind: 'online', channel: null, amount: 265_000, payCode: null, billerCode: null },
      },
      ORIGIN,
    );
    expect(email.subject).toBe('Pesanan #3f2a9c10: selesaikan pembayaran Rp 265.000');
    expect(email.text).toContain('Total pembayaran: Rp 265.000');
    expect(email.text).toMatch(/Pilih cara pembayaran .* bayar Rp 265\.000 sebelum 2 Maret 2026.*WIB/);
    expect(email.text).toContain(`\n${ORDER_LINK}\n`);
    expect(email.html).toContain('>Bayar sekarang</a>');
    for (const part of [email.text, visible(email.html)]) {
      expect(part).not.toContain('Kode unik');
      expect(part).not.toContain('5425017788');
      expect(part).not.toContain('unggah bukti');
      expect(part).toContain('Mawar Senja (50 ml)');
    }
  });

  it("'Kredit Sampel' is a line after the discount, and the gateway's amount before a charge subtracts it", () => {
    const summary = { ...SUMMARY, discount: 25_000, voucherCode: 'HEMAT', credit: 35_000, total: 205_417 };
    const placed = renderEmail('order-placed', { ...samples['order-placed'].data, summary }, ORIGIN);
    expect(placed.text).toContain(
      'Diskon (HEMAT): -Rp 25.000\nKredit Sampel: -Rp 35.000\nKode unik: Rp 417\nTotal transfer: Rp 205.417',
    );
    expect(visible(placed.html)).toContain('Diskon (HEMAT) -Rp 25.000 Kredit Sampel -Rp 35.000 Kode unik');
    // No attempt yet and no transfers: the amount the gateway will charge, without the unique code.
    const online = renderEmail(
      'payment-reminder',
      {
        ...samples['payment-reminder'].data,
        summary,
        pay: howToPay(
          summary,
          [],
          { channels: ['other_qris'], manual_transfer: false, cod: null },
          undefined,
        ),
      },
      ORIGIN,
    );
    expect(online.text).toContain('Total pembayaran: Rp 205.000');
    expect(renderEmail('order-placed', samples['order-placed'].data, ORIGIN).text).not.toContain(
      'Kredit Sampel',
    );
  });

  it('keeps names and the typed address as text: escaped in HTML, links defused', () => {
    const email = renderEmail(
      'order-placed',
      {
        ...samples['order-placed'].data,
        summary: {
          ...SUMMARY,
          lines: [{ ...(SUMMARY.lines[0] as OrderLine), name: 'Oud <Malam>' }],
          recipient: '<img src=x>',
          address: 'Jl. Mawar 1 <b>https://bank-palsu.co</b>',
        },
      },
      ORIGIN,
    );
    expect(email.html).not.toContain('<img src=x>');
    expect(email.html).not.toContain('<Malam>');
    expect(email.html).toContain('Oud &lt;Malam&gt; (50 ml)');
    expect(email.html).not.toContain('<b>https');
    expect(email.html).toContain('&lt;img src=x&gt;');
    for (const part of [email.text, email.html]) expect(part).not.toContain('bank-palsu.co');
  });

  it('stays bounded: an order of the most lines, each with the longest name, is far below the 102 KB mail clients clip at', () => {
    const line = {
      name: 'N'.repeat(200),
      sizeMl: 100,
      quantity: 99,
      unitPrice: 9_999_999,
      lineTotal: 989_999_901,
    };
    const email = renderEmail(
      'order-placed',
      {
        ...samples['order-placed'].data,
        summary: { ...SUMMARY, lines: Array.from({ length: MAX_ORDER_LINES }, () => line) },
      },
      ORIGIN,
    );
    expect(email.html.length).toBeLessThan(60_000);
    expect(email.text.length).toBeLessThan(20_000);
  });

  it('the reminder says how long is left, links to pay again on the order page and repeats the order', () => {
    const email = renderEmail('payment-reminder', samples['payment-reminder'].data, ORIGIN);
    expect(email.subject).toMatch(/^Pengingat: bayar pesanan #3f2a9c10 sebelum 2 Maret 2026.*17[.:]00 WIB$/);
    expect(email.text).toContain('masih menunggu pembayaran Rp 265.000');
    expect(email.text).toContain('sekitar 5 jam lagi');
    expect(email.text).toContain('ke nomor Virtual Account BCA 12345678901234567 sebelum');
    expect(email.html).toContain(`href="${ORDER_LINK}"`);
    expect(email.html).toContain('>Bayar sekarang</a>');
    expect(email.text).toContain('- Mawar Senja (50 ml): 2 x Rp 100.000 = Rp 200.000');
    expect(email.text).toContain('Total pembayaran: Rp 265.000');

    const transfer = renderEmail(
      'payment-reminder',
      { ...samples['payment-reminder'].data, pay: TRANSFER },
      ORIGIN,
    );
    expect(transfer.text).toContain('BCA: 5425017788 a.n. PT Global Imperium');
    expect(transfer.text).toContain('Transfer tepat Rp 265.417');
  });

  it('the receipt mail says the transfer is being checked, within how long, and that the order stays', () => {
    const email = renderEmail('receipt-received', samples['receipt-received'].data, ORIGIN);
    expect(email.subject).toBe('Bukti transfer pesanan #3f2a9c10 diterima');
    expect(email.text).toContain('Bukti transfer Rp 265.417 untuk pesanan #3f2a9c10 sudah kami terima');
    expect(email.text).toContain('1x24 jam pada hari kerja');
    expect(email.text).toContain('tidak dibatalkan');
  });

  it("the shop's gateway mail names the way the customer paid as the checkout does, not the provider's code", () => {
    const twice = renderEmail(
      'shop-gateway-payment',
      { ...samples['shop-gateway-payment'].data, channel: 'bca_va', outcome: 'paid_twice' },
      ORIGIN,
    );
    expect(twice.subject).toBe('Pesanan #3f2a9c10 dibayar lebih dari sekali: perlu refund');
    expect(twice.text).toContain(
      'Siti membayar Rp 265.000 untuk pesanan #3f2a9c10 lewat Virtual Account BCA.',
    );
    expect(twice.text).not.toMatch(/bca_va|Midtrans \(/);
  });

  it('the cancellation says what happens to money already paid', () => {
    const cancelled = (money: OrderCancelledData['money']) =>
      renderEmail('order-cancelled', { ...samples['order-cancelled'].data, expired: false, money }, ORIGIN);
    const nothing = cancelled({ state: 'none', online: null });
    expect(nothing.subject).toBe('Pesanan #3f2a9c10 dibatalkan');
    expect(nothing.text).toContain('tidak ada dana yang perlu dikembalikan');
    expect(nothing.text).not.toContain('Jangan lanjutkan');

    const online = cancelled({ state: 'none', online: { channel: 'other_qris' } });
    expect(online.text).toContain('Jangan lanjutkan pembayaran lewat QRIS');

    const receipt = cancelled({ state: 'receipt', amount: 265_417 });
    expect(receipt.subject).toBe('Pesanan #3f2a9c10 dibatalkan: dana Anda akan dikembalikan');
    expect(receipt.text).toContain('Bukti transfer Rp 265.417 yang Anda unggah belum selesai kami periksa');
    expect(receipt.text).toContain('kami kembalikan (refund) ke rekening Anda');

    const transfer = cancelled({ state: 'paid', amount: 265_417, via: 'transfer', channel: null });
    expect(transfer.text).toContain(
      'Pembayaran Rp 265.417 yang sudah kami terima akan kami kembalikan (refund) lewat transfer bank',
    );

    const gateway = cancelled({ state: 'paid', amount: 265_000, via: 'online', channel: 'gopay' });
    expect(gateway.subject).toBe('Pesanan #3f2a9c10 dibatalkan: dana Anda akan dikembalikan');
    expect(gateway.text).toContain('Pembayaran Rp 265.000 lewat GoPay akan kami kembalikan (refund)');
    for (const email of [receipt, transfer, gateway]) {
      expect(visible(email.html)).toContain('(refund)');
      expect(email.text).not.toContain('tidak ada dana');
    }
  });

  it("the delivered mail names the 'Kredit Sampel' it made usable and until when; the cancelled one what came back", () => {
    const delivered = renderEmail(
      'order-delivered',
      {
        ...samples['order-delivered'].data,
        credit: { amount: 120_000, expiresAt: '2026-04-30T17:30:00.000Z' },
      },
      ORIGIN,
    );
    const active = 'Kredit Sampel Rp 120.000 untuk botol penuh aroma yang sama kini aktif sampai 1 Mei 2026';
    expect(delivered.text).toContain(active);
    expect(delivered.text).toMatch(/sampai 1 Mei 2026.* WIB; dipakai otomatis saat checkout\./);
    expect(visible(delivered.html)).toContain(active);
    expect(renderEmail('order-delivered', samples['order-delivered'].data, ORIGIN).text).not.toContain(
      'Kredit Sampel',
    );

    const cancelled = renderEmail(
      'order-cancelled',
      { ...samples['order-cancelled'].data, creditReturned: 35_000 },
      ORIGIN,
    );
    for (const part of [cancelled.text, visible(cancelled.html)]) {
      expect(part).toContain('Kredit Sampel Rp 35.000 dikembalikan ke akun Anda.');
    }
    expect(renderEmail('order-cancelled', samples['order-cancelled'].data, ORIGIN).text).not.toContain(
      'Kredit Sampel',
    );
  });

  it('escapes what the customer or the admin typed', () => {
    const email = renderEmail(
      'payment-rejected',
      { ...samples['payment-rejected'].data, customerName: '<b>Siti</b>', reason: '<script>x</script>' },
      ORIGIN,
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>Siti</b>');
    expect(email.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(email.text).toContain('<script>x</script>');
  });
});

describe('html', () => {
  it('escapes every interpolated string, in text and in attributes', () => {
    const name = `<img src=x onerror="alert('hai')"> & Co`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(&#39;hai&#39;)&quot;&gt; &amp; Co">&lt;img src=x onerror=&quot;alert(&#39;hai&#39;)&quot;&gt; &amp; Co</p>',
    );
  });

  it('keeps nested fragments and lists as markup and escapes what is inside them', () => {
    const items = ['<b>', 'Parfum & Co'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>`.value).toBe('<ul><li>&lt;b&gt;</li><li>Parfum &amp; Co</li></ul>');
  });

  it('the layout escapes user data in the subject and the helpers escape theirs', () => {
    const email = layout({
      subject: 'Pesanan <Siti> & "Budi"',
      text: 'Halo Siti <Siti>',
      html: html`${paragraph('Halo <Siti>')}${button('https://toko.example/?a=1&b="2"', 'Lihat <pesanan>')}`,
    });
    expect(email.html).toContain('<title>Pesanan &lt;Siti&gt; &amp; &quot;Budi&quot;</title>');
    expect(email.html).toContain('Halo &lt;Siti&gt;</p>');
    expect(email.html).toContain('href="https://toko.example/?a=1&amp;b=&quot;2&quot;"');
    expect(email.html).toContain('>Lihat &lt;pesanan&gt;</a>');
    expect(email.html).not.toMatch(/<(Siti|pesanan)>/);
    // The plain-text part is text: nothing is escaped there.
    expect(email.text).toContain('Halo Siti <Siti>');
  });
});
