import { describe, expect, it } from 'vitest';
import { html } from './html.ts';
import { renderEmail, type TemplateData, type TemplateName } from './render.ts';
import { button, layout, paragraph } from './template.ts';
import { templates } from './templates/index.ts';

const ORIGIN = 'https://toko.example';
const ORDER_ID = '3f2a9c10-5b7e-4d2a-9f0e-1c2b3d4e5f60';
const ORDER_LINK = `${ORIGIN}/orders/${ORDER_ID}`;

// Each template with the data it is queued with; a new template joins this list.
const samples: { [N in TemplateName]: { data: TemplateData<N>; link: string } } = {
  'email-change': { data: { token: 'abc-123' }, link: `${ORIGIN}/api/auth/email/confirm?token=abc-123` },
  'password-reset': { data: { token: 'abc-123' }, link: `${ORIGIN}/reset-password?token=abc-123` },
  'sign-in-link': { data: { token: 'abc-123' }, link: `${ORIGIN}/api/auth/login/link?token=abc-123` },
  'order-placed': {
    data: {
      orderId: ORDER_ID,
      customerName: 'Siti',
      subtotal: 250_000,
      shippingService: 'Reguler',
      shippingFee: 15_000,
      uniqueCode: 417,
      total: 265_417,
      bankAccounts: [{ bank: 'BCA', accountNumber: '5425017788', holder: 'PT Global Imperium' }],
      dueAt: '2026-03-02T10:00:00.000Z',
    },
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
    data: { orderId: ORDER_ID, customerName: 'Siti', expired: true, reason: null, refund: false },
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
    link: `${ORIGIN}/admin`,
  },
  'shop-receipt-uploaded': {
    data: { orderId: ORDER_ID, customerName: 'Siti', total: 265_417 },
    link: `${ORIGIN}/admin`,
  },
  'shop-gateway-payment': {
    data: { orderId: ORDER_ID, customerName: 'Siti', amount: 265_000, channel: 'qris', outcome: 'paid' },
    link: `${ORIGIN}/admin?section=order-detail&id=${ORDER_ID}`,
  },
  'shop-paid-order-cancelled': {
    data: { orderId: ORDER_ID, customerName: 'Siti', total: 265_417, reason: 'Salah ukuran' },
    link: `${ORIGIN}/admin`,
  },
};

describe('what a customer typed', () => {
  // Issue 27 finding 2: a name or a cancel reason carrying a phishing link.
  const lure = 'Akun diblokir, verifikasi di https://bank-palsu.co/masuk atau www.bank-palsu.co';
  const names = ['order-cancelled', 'shop-new-order', 'shop-paid-order-cancelled'] as const;
  const rendered = [
    renderEmail(
      names[0],
      { orderId: ORDER_ID, customerName: lure, expired: false, reason: lure, refund: true },
      ORIGIN,
    ),
    renderEmail(
      names[1],
      { orderId: ORDER_ID, customerName: lure, customerEmail: 'x@bank-palsu.co', total: 1, itemCount: 1 },
      ORIGIN,
    ),
    renderEmail(names[2], { orderId: ORDER_ID, customerName: lure, total: 1, reason: lure }, ORIGIN),
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

describe('order emails', () => {
  it('the order placed email gives the exact amount, the accounts and the deadline in WIB', () => {
    const email = renderEmail('order-placed', samples['order-placed'].data, ORIGIN);
    expect(email.subject).toBe('Pesanan #3f2a9c10: selesaikan pembayaran Rp 265.417');
    expect(email.text).toContain('Silakan transfer tepat Rp 265.417 (termasuk kode unik 417)');
    // 10:00 UTC is 17:00 in Jakarta.
    expect(email.text).toMatch(/2 Maret 2026.*17[.:]00 WIB/);
    expect(email.text).toContain('BCA: 5425017788 a.n. PT Global Imperium');
    expect(email.html).toContain('5425017788 a.n. PT Global Imperium');
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
