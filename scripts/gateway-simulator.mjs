// A local stand-in for Midtrans (decisions 026 and 033), run by scripts/start.mjs so `npm start`
// and the journeys show the whole payment flow with no account and no network. It speaks the
// subset of Midtrans's API the shop uses: the Core API's POST /v2/charge (qris, bank_transfer for
// BCA/BNI/BRI/Permata, echannel, gopay, shopeepay), Snap's POST /snap/v1/transactions (cards),
// GET /v2/{order_id}/status, POST /v2/{order_id}/cancel and /expire, and HTTP notifications signed
// like Midtrans's (SHA-512 of order_id + status_code + gross_amount + server key). Its answers are
// shaped like the documented samples: VA numbers per bank, Mandiri's bill_key with biller_code
// 70012, a QRIS qr_string that is a valid EMVCo merchant-presented payload (CRC16/CCITT-FALSE, so
// drawing it gives a scannable QR; its merchant exists nowhere, so no real app can pay it), the
// e-wallets' deeplink-redirect opening this simulator's page of the transaction, and expiry_time.
// No generate-qr-code image action: the shop draws qr_string itself.
// Its Indonesian pages (the list at /, one transaction at /transaksi/{order_id}, Snap's hosted
// page) let a tester pay, fail or let an attempt expire, and walk the later moves the shop must
// handle (ACTIONS: a card's capture then settlement, a challenge accepted, a deny then settlement,
// a payment despite the shop's cancel). Local only: nothing in the Worker
// imports it, so neither the production bundle nor the deploy dry run contains it.
//   node scripts/gateway-simulator.mjs --port 9787 --shop http://127.0.0.1:8787 --key <server key>
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { escapeHtml } from '../packages/contracts/src/html.ts';
import { readBody, rupiah, send, simulatorOptions } from './simulator-http.mjs';

const values = simulatorOptions('gateway-simulator', '9787');
const { key: serverKey, base } = values;
const notificationUrl = `${values.shop}/api/payments/midtrans/notification`;

/** Snap's channel names → what the pages and the status say. */
const CHANNELS = {
  other_qris: { label: 'QRIS', payment_type: 'qris' },
  gopay: { label: 'GoPay', payment_type: 'gopay' },
  shopeepay: { label: 'ShopeePay', payment_type: 'shopeepay' },
  bca_va: { label: 'Virtual Account BCA', payment_type: 'bank_transfer', bank: 'bca' },
  bni_va: { label: 'Virtual Account BNI', payment_type: 'bank_transfer', bank: 'bni' },
  bri_va: { label: 'Virtual Account BRI', payment_type: 'bank_transfer', bank: 'bri' },
  permata_va: { label: 'Virtual Account Permata', payment_type: 'bank_transfer', bank: 'permata' },
  echannel: { label: 'Mandiri Bill Payment', payment_type: 'echannel' },
  credit_card: { label: 'Kartu Kredit/Debit', payment_type: 'credit_card' },
};

/** A VA number per bank: the prefix and length of Midtrans's documented samples. */
const VA_FORMAT = {
  bca: { prefix: '81278', length: 15 },
  bni: { prefix: '9888', length: 16 },
  bri: { prefix: '8578', length: 16 },
  permata: { prefix: '8778', length: 16 },
};
const MANDIRI_BILLER_CODE = '70012';

/** Without custom_expiry: 24 hours for bank transfers, 15 minutes for QRIS and e-wallets (Midtrans's defaults). */
const DEFAULT_EXPIRY_MS = {
  bank_transfer: 86_400_000,
  echannel: 86_400_000,
  qris: 900_000,
  gopay: 900_000,
  shopeepay: 900_000,
};
const UNIT_MS = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** What each button does: Midtrans's transaction_status, status_code and, for cards, fraud_status. */
const OUTCOMES = {
  pay: { transaction_status: 'settlement', status_code: '200' },
  fail: { transaction_status: 'deny', status_code: '202' },
  expire: { transaction_status: 'expire', status_code: '407' },
};

const isCard = (trx) => trx.channel === 'credit_card';
const statusIs = (trx, transactionStatus, fraudStatus) =>
  trx.status?.transaction_status === transactionStatus &&
  (fraudStatus === undefined || (trx.status.fraud_status ?? 'accept') === fraudStatus);

/**
 * The buttons of a transaction, each allowed from some statuses only, so a journey can walk every
 * path of Midtrans's status cycle the shop handles (docs.midtrans.com/docs/transaction-status-cycle;
 * decision 035): a card's capture then its settlement, a capture challenged by the fraud check
 * then accepted (Midtrans's approve) or denied, a deny followed by a settlement on the same
 * transaction, and, to test the shop, a payment that arrives although the shop cancelled the
 * transaction (as if the cancel had not reached Midtrans in time).
 */
const ACTIONS = {
  pay: {
    label: 'Bayar',
    from: (trx) => pending(trx),
    to: (trx) =>
      isCard(trx)
        ? { transaction_status: 'capture', status_code: '200', fraud_status: 'accept' }
        : OUTCOMES.pay,
  },
  challenge: {
    label: 'Bayar (ditahan pemeriksaan fraud)',
    from: (trx) => isCard(trx) && pending(trx),
    to: () => ({ transaction_status: 'capture', status_code: '201', fraud_status: 'challenge' }),
  },
  fail: { label: 'Gagalkan pembayaran', from: (trx) => pending(trx), to: () => OUTCOMES.fail },
  expire: { label: 'Buat kedaluwarsa', from: (trx) => pending(trx), to: () => OUTCOMES.expire },
  accept: {
    label: 'Terima transaksi yang ditahan',
    from: (trx) => statusIs(trx, 'capture', 'challenge'),
    to: () => ({ transaction_status: 'capture', status_code: '200', fraud_status: 'accept' }),
  },
  reject: {
    label: 'Tolak transaksi yang ditahan',
    from: (trx) => statusIs(trx, 'capture', 'challenge'),
    to: () => ({ transaction_status: 'deny', status_code: '202', fraud_status: 'deny' }),
  },
  settle: {
    label: 'Selesaikan (settlement)',
    from: (trx) => statusIs(trx, 'capture', 'accept'),
    to: () => ({ ...OUTCOMES.pay, fraud_status: 'accept' }),
  },
  retry: {
    label: 'Berhasil setelah ditolak (settlement)',
    from: (trx) => statusIs(trx, 'deny'),
    to: () => OUTCOMES.pay,
  },
  late: {
    label: 'Bayar walau sudah dibatalkan (uji: pembatalan tidak sampai)',
    from: (trx) => statusIs(trx, 'cancel') || statusIs(trx, 'expire'),
    to: () => OUTCOMES.pay,
  },
};

/** Transactions by order_id; a Snap one's `status` stays undefined until its page is opened (Midtrans: 404). */
const transactions = new Map();
const byToken = new Map();

const authorised = (req) =>
  req.headers.authorization === `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`;

/** 'yyyy-MM-dd HH:mm:ss' in WIB, as Midtrans writes transaction_time and expiry_time. */
const wib = (at) => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

const digits = (count) => Array.from({ length: count }, () => randomInt(10)).join('');

/** A number no waiting transaction uses. */
function freshCode(make) {
  const used = new Set([...transactions.values()].filter(pending).map((trx) => trx.payCode));
  for (;;) {
    const code = make();
    if (!used.has(code)) return code;
  }
}

/** EMVCo's tag-length-value field. */
const tlv = (id, value) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** CRC16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), EMVCo's tag 63; checked against Midtrans's QRIS samples. */
function crc16(text) {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** A dynamic merchant-presented QR (EMVCo MPM) for the amount, under a merchant that exists nowhere. */
function qrString(trx) {
  const payload = [
    tlv('00', '01'),
    tlv('01', '12'),
    tlv('26', tlv('00', 'ID.GLOBALIMPERIUM.LOCAL') + tlv('01', 'SIMULATOR')),
    tlv('52', '5977'),
    tlv('53', '360'),
    tlv('54', `${trx.grossAmount}.00`),
    tlv('58', 'ID'),
    tlv('59', 'GLOBAL IMPERIUM (LOKAL)'),
    tlv('60', 'JAKARTA'),
    tlv('62', tlv('05', trx.transactionId.replaceAll('-', '').slice(0, 25)) + tlv('07', 'A01')),
    '6304',
  ].join('');
  return payload + crc16(payload);
}

/** The VA number, Mandiri's bill key or the QR string a waiting transaction is paid with. */
function assignPayment(trx) {
  const channel = CHANNELS[trx.channel];
  if (channel.payment_type === 'qris') trx.qrString = qrString(trx);
  else if (channel.payment_type === 'echannel') {
    trx.payCode = freshCode(() => digits(12));
    trx.billerCode = MANDIRI_BILLER_CODE;
  } else if (channel.bank) {
    const { prefix, length } = VA_FORMAT[channel.bank];
    trx.payCode = freshCode(() => prefix + digits(length - prefix.length));
  }
}

const pending = (trx) => trx.status?.transaction_status === 'pending';

/** What pays the transaction, as the charge and status answers carry it. */
function paymentFields(trx) {
  const channel = CHANNELS[trx.channel];
  if (channel.bank === 'permata') return { permata_va_number: trx.payCode };
  if (channel.bank) return { va_numbers: [{ bank: channel.bank, va_number: trx.payCode }] };
  if (channel.payment_type === 'echannel') return { bill_key: trx.payCode, biller_code: trx.billerCode };
  if (channel.payment_type === 'qris') return { qr_string: trx.qrString };
  return {};
}

/** The fields every answer about a transaction shares. */
function transactionFields(trx) {
  return {
    transaction_id: trx.transactionId,
    order_id: trx.orderId,
    merchant_id: 'G000LOCAL',
    gross_amount: `${trx.grossAmount}.00`,
    currency: 'IDR',
    payment_type: CHANNELS[trx.channel].payment_type,
    transaction_time: trx.createdAt,
    fraud_status: trx.status?.fraud_status ?? 'accept',
  };
}

/** The transaction's status body, shaped like Midtrans's GET /v2/{order_id}/status answer. */
function statusBody(trx) {
  return {
    status_code: trx.status.status_code,
    status_message: 'Success, transaction is found',
    ...transactionFields(trx),
    transaction_status: trx.status.transaction_status,
    ...paymentFields(trx),
    ...(trx.expiresAt ? { expiry_time: wib(trx.expiresAt) } : {}),
  };
}

/** Midtrans's status_message of a created charge, per payment type (the documented samples). */
const CREATED = {
  qris: 'QRIS transaction is created',
  bank_transfer: 'Success, Bank Transfer transaction is created',
  echannel: 'OK, Mandiri Bill transaction is successful',
  gopay: 'GO-PAY transaction is created',
  shopeepay: 'ShopeePay transaction is created',
};

/** The answer to POST /v2/charge, shaped like the documented sample of its payment type. */
function chargeBody(trx) {
  const channel = CHANNELS[trx.channel];
  const page = { name: 'deeplink-redirect', method: 'GET', url: pageUrl(trx) };
  const api = `${base}/v2/${encodeURIComponent(trx.orderId)}`;
  return {
    status_code: '201',
    status_message:
      channel.bank === 'permata'
        ? 'Success, PERMATA VA transaction is successful'
        : CREATED[channel.payment_type],
    ...transactionFields(trx),
    transaction_status: 'pending',
    ...paymentFields(trx),
    ...(channel.payment_type === 'qris' ? { acquirer: 'gopay' } : {}),
    ...(channel.payment_type === 'gopay'
      ? {
          actions: [
            page,
            { name: 'get-status', method: 'GET', url: `${api}/status` },
            { name: 'cancel', method: 'POST', url: `${api}/cancel` },
          ],
        }
      : channel.payment_type === 'shopeepay'
        ? { actions: [page] }
        : {}),
    expiry_time: wib(trx.expiresAt),
  };
}

/** Posts the signed notification to the shop, as Midtrans does; answers the shop's HTTP status. */
async function notify(trx) {
  const body = statusBody(trx);
  const signature_key = createHash('sha512')
    .update(`${body.order_id}${body.status_code}${body.gross_amount}${serverKey}`)
    .digest('hex');
  try {
    const res = await fetch(notificationUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, signature_key }),
    });
    return res.status;
  } catch (err) {
    console.error(`gateway-simulator: notification failed: ${err.message}`);
    return 0;
  }
}

/** Moves a waiting transaction on and tells the shop; false when it no longer waits. */
async function settle(trx, outcome) {
  if (!pending(trx)) return false;
  trx.status = outcome;
  await notify(trx);
  return true;
}

/** A button's move, when the transaction's status allows it, told to the shop. */
async function act(trx, name) {
  const action = Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : null;
  if (!action?.from(trx)) return;
  trx.status = action.to(trx);
  await notify(trx);
}

/** A charge's payment type and bank → the channel it is; null for what the shop never charges. */
function channelOf(body) {
  const type = body.payment_type;
  // Permata is documented both as bank_transfer with bank permata and as payment_type permata.
  if (type === 'permata') return 'permata_va';
  if (type === 'bank_transfer') {
    const bank = body.bank_transfer?.bank;
    return Object.hasOwn(VA_FORMAT, bank) ? `${bank}_va` : null;
  }
  if (type === 'qris') return 'other_qris';
  return ['echannel', 'gopay', 'shopeepay'].includes(type) ? type : null;
}

/** When a charge stops waiting: custom_expiry (order_time, else now) or Midtrans's default; null when unreadable. */
function expiryOf(body, now) {
  const custom = body.custom_expiry;
  if (!custom)
    return new Date(
      now.getTime() +
        DEFAULT_EXPIRY_MS[body.payment_type === 'permata' ? 'bank_transfer' : body.payment_type],
    );
  const duration = Number(custom.expiry_duration);
  const unit = UNIT_MS[custom.unit ?? 'minute'];
  const match =
    custom.order_time &&
    /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{2})(\d{2})$/.exec(custom.order_time);
  const start = custom.order_time
    ? match && Date.parse(`${match[1]}T${match[2]}${match[3]}:${match[4]}`)
    : now.getTime();
  if (!Number.isInteger(duration) || duration <= 0 || !unit || !Number.isFinite(start)) return null;
  return new Date(start + duration * unit);
}

const invalid = (message) => ({
  status_code: '400',
  status_message: 'One or more parameters in the payload is invalid.',
  validation_messages: [message],
});

/** POST /v2/charge: the Core API's direct charge. */
async function charge(req, res) {
  const body = JSON.parse(await readBody(req));
  const orderId = body.transaction_details?.order_id;
  const grossAmount = body.transaction_details?.gross_amount;
  if (typeof orderId !== 'string' || !Number.isInteger(grossAmount) || grossAmount < 1) {
    return send(res, 400, invalid('transaction_details is required'));
  }
  const items = Array.isArray(body.item_details) ? body.item_details : [];
  if (items.length && items.reduce((sum, item) => sum + item.price * item.quantity, 0) !== grossAmount) {
    return send(
      res,
      400,
      invalid('transaction_details.gross_amount is not equal to the sum of item_details'),
    );
  }
  const channel = channelOf(body);
  if (!channel)
    return send(res, 402, {
      status_code: '402',
      status_message: "Merchant doesn't have access for this payment type",
    });
  const now = new Date();
  const expiresAt = expiryOf(body, now);
  if (!expiresAt) return send(res, 400, invalid('custom_expiry is invalid'));
  if (transactions.has(orderId)) {
    return send(res, 406, {
      status_code: '406',
      status_message:
        'The request could not be completed due to a conflict with the current state of the target resource, please try again',
      id: randomUUID(),
    });
  }
  const trx = {
    orderId,
    grossAmount,
    channel,
    // The e-wallets send the shopper back here after paying (GoPay's and ShopeePay's callback_url).
    finish: body.gopay?.callback_url ?? body.shopeepay?.callback_url ?? null,
    transactionId: randomUUID(),
    createdAt: wib(now),
    createdMs: now.getTime(),
    expiresAt,
    payCode: null,
    billerCode: null,
    qrString: null,
    status: { transaction_status: 'pending', status_code: '201' },
  };
  assignPayment(trx);
  transactions.set(orderId, trx);
  send(res, 200, chargeBody(trx));
  // Midtrans's pending notification follows the answer.
  setTimeout(() => notify(trx), 1000);
}

/** POST /v2/{order_id}/cancel and /expire: closes a waiting transaction (documented answers and 412). */
async function close(trx, action, res) {
  if (!trx?.status)
    return send(res, 404, { status_code: '404', status_message: "Transaction doesn't exist." });
  const outcome =
    action === 'cancel'
      ? { transaction_status: 'cancel', status_code: '202' }
      : { transaction_status: 'expire', status_code: '407' };
  if (!(await settle(trx, outcome))) {
    return send(res, 200, {
      status_code: '412',
      status_message: 'Merchant cannot modify the status of the transaction',
    });
  }
  return send(res, 200, {
    status_code: action === 'cancel' ? '200' : '407',
    status_message:
      action === 'cancel' ? 'Success, transaction is canceled' : 'Success, transaction has expired',
    ...transactionFields(trx),
    transaction_status: outcome.transaction_status,
  });
}

const pageUrl = (trx) => `${base}/transaksi/${encodeURIComponent(trx.orderId)}`;
/** Snap's hosted page for a Snap transaction, the transaction's page for a direct charge. */
const ownPage = (trx) =>
  trx.token ? `/snap/v4/redirection/${trx.token}` : `/transaksi/${encodeURIComponent(trx.orderId)}`;

/** What the shopper pays with, as the pages show it. */
function howToPay(trx) {
  const channel = CHANNELS[trx.channel];
  if (trx.qrString) return `<p>Kode QR: <code>${escapeHtml(trx.qrString)}</code></p>`;
  if (channel.payment_type === 'echannel') {
    return `<p>Kode perusahaan: <code>${escapeHtml(trx.billerCode ?? '')}</code></p>
<p>Nomor pembayaran: <code>${escapeHtml(trx.payCode ?? '')}</code></p>`;
  }
  return trx.payCode ? `<p>Nomor pembayaran: <code>${escapeHtml(trx.payCode)}</code></p>` : '';
}

/** One transaction: its method, amount, how it is paid, its status and the buttons its status allows. */
function transactionBox(trx, action, back) {
  const channel = CHANNELS[trx.channel];
  const allowed = trx.status ? Object.entries(ACTIONS).filter(([, step]) => step.from(trx)) : [];
  const buttons = allowed.length
    ? `<form method="post" action="${escapeHtml(action)}">${back ? `<input type="hidden" name="back" value="${back}">` : ''}
${allowed
  .map(
    ([name, step]) =>
      `<button${name === 'pay' ? ' class="pay"' : ''} name="action" value="${name}">${escapeHtml(step.label)}</button>`,
  )
  .join('\n')}</form>`
    : '';
  const fraud = trx.status?.fraud_status ? ` (fraud_status ${trx.status.fraud_status})` : '';
  return `<section class="box" aria-label="Transaksi ${escapeHtml(trx.orderId)}">
<p>Metode: <strong>${escapeHtml(channel.label)}</strong></p>
<p>Total: <strong>${escapeHtml(rupiah(trx.grossAmount))}</strong></p>
${trx.status ? howToPay(trx) : '<p>Halaman pembayaran belum dibuka.</p>'}
<p>Status: <strong>${escapeHtml(trx.status?.transaction_status ?? 'belum dibuat')}</strong>${escapeHtml(fraud)}</p>
${trx.expiresAt ? `<p>Batas bayar: ${escapeHtml(wib(trx.expiresAt))} WIB</p>` : ''}
<p><small>order_id ${escapeHtml(trx.orderId)}</small></p>
${back ? `<p><a href="${escapeHtml(ownPage(trx))}">Buka halaman transaksi</a></p>` : ''}
${buttons}</section>`;
}

function layout(body) {
  return `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Simulator Pembayaran</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}
.box{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem;border-radius:6px;border:1px solid #888;cursor:pointer}
.pay{background:#0a7d3b;color:#fff;border-color:#0a7d3b}code{font-size:1.1rem;word-break:break-all}</style></head>
<body><h1>Simulator Pembayaran (lokal)</h1>
<p>Halaman ini menggantikan Midtrans di komputer Anda. Tidak ada uang yang berpindah.</p>
${body}
</body></html>`;
}

/** One transaction's page: Snap's hosted page, or a direct charge's (the e-wallets' deep link). */
function page(trx, action) {
  const back =
    trx.finish && !pending(trx) ? `<p><a href="${escapeHtml(trx.finish)}">Kembali ke toko</a></p>` : '';
  return layout(`${transactionBox(trx, action, null)}${back}<p><a href="/">Semua transaksi</a></p>`);
}

/** Every transaction, newest first. */
function listPage() {
  const all = [...transactions.values()].sort((a, b) => b.createdMs - a.createdMs);
  return layout(
    all.length
      ? all
          .map((trx) => transactionBox(trx, `/transaksi/${encodeURIComponent(trx.orderId)}`, 'list'))
          .join('\n')
      : '<p>Belum ada transaksi.</p>',
  );
}

/** Where a button sends the browser: Snap's finish URL, an e-wallet's callback_url, or back to the simulator. */
function afterAction(trx, back) {
  if (back === 'list') return '/';
  if (trx.token) {
    const url = new URL(trx.finish);
    url.searchParams.set('order_id', trx.orderId);
    url.searchParams.set('status_code', trx.status.status_code);
    url.searchParams.set('transaction_status', trx.status.transaction_status);
    return url.href;
  }
  if (trx.finish && trx.channel === 'gopay') {
    // GoPay's callback carries order_id and result (docs.midtrans.com/reference/gopay-1).
    const url = new URL(trx.finish);
    url.searchParams.set('order_id', trx.orderId);
    url.searchParams.set('result', trx.status.transaction_status === 'settlement' ? 'success' : 'failure');
    return url.href;
  }
  return trx.finish ?? pageUrl(trx);
}

async function pressed(req, res, trx) {
  if (!trx.status) return html(res, 404, layout('<p>Transaksi tidak ditemukan</p>'));
  const form = new URLSearchParams(await readBody(req));
  await act(trx, form.get('action') ?? '');
  res.writeHead(303, { location: afterAction(trx, form.get('back')) });
  return res.end();
}

const html = (res, status, body) => send(res, status, body, 'text/html; charset=utf-8');

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', base);
  try {
    if (req.method === 'POST' && url.pathname === '/v2/charge') {
      if (!authorised(req)) {
        return send(res, 401, {
          status_code: '401',
          status_message: 'Access denied due to unauthorized transaction, please check client or server key',
        });
      }
      return await charge(req, res);
    }

    if (req.method === 'POST' && url.pathname === '/snap/v1/transactions') {
      if (!authorised(req))
        return send(res, 401, { error_messages: ['Access denied due to unauthorized transaction'] });
      const body = JSON.parse(await readBody(req));
      const orderId = body.transaction_details?.order_id;
      const grossAmount = body.transaction_details?.gross_amount;
      if (typeof orderId !== 'string' || !Number.isInteger(grossAmount)) {
        return send(res, 400, { error_messages: ['transaction_details is required'] });
      }
      if (transactions.has(orderId)) {
        return send(res, 406, { error_messages: ['transaction_details.order_id sudah digunakan'] });
      }
      const token = randomUUID();
      const now = new Date();
      const trx = {
        orderId,
        token,
        grossAmount,
        channel: CHANNELS[body.enabled_payments?.[0]] ? body.enabled_payments[0] : 'other_qris',
        finish: body.callbacks?.finish ?? values.shop,
        transactionId: randomUUID(),
        createdAt: wib(now),
        createdMs: now.getTime(),
        expiresAt: null,
        payCode: null,
        billerCode: null,
        qrString: null,
        status: undefined,
      };
      transactions.set(orderId, trx);
      byToken.set(token, trx);
      return send(res, 201, { token, redirect_url: `${base}/snap/v4/redirection/${token}` });
    }

    const api = /^\/v2\/([^/]+)\/(status|cancel|expire)$/.exec(url.pathname);
    if (api) {
      if (!authorised(req)) return send(res, 401, { status_code: '401', status_message: 'Unauthorized' });
      const trx = transactions.get(decodeURIComponent(api[1]));
      if (req.method === 'GET' && api[2] === 'status') {
        if (!trx?.status)
          return send(res, 200, { status_code: '404', status_message: "Transaction doesn't exist." });
        return send(res, 200, statusBody(trx));
      }
      if (req.method === 'POST' && api[2] !== 'status') return await close(trx, api[2], res);
    }

    if (req.method === 'GET' && url.pathname === '/') return html(res, 200, listPage());

    const direct = /^\/transaksi\/([^/]+)$/.exec(url.pathname);
    const own = direct && transactions.get(decodeURIComponent(direct[1]));
    if (direct && !own?.status) return html(res, 404, layout('<p>Transaksi tidak ditemukan</p>'));
    if (own && req.method === 'GET') return html(res, 200, page(own, url.pathname));
    if (own && req.method === 'POST') return await pressed(req, res, own);

    const hosted = /^\/snap\/v4\/redirection\/([^/]+)$/.exec(url.pathname);
    const trx = hosted && byToken.get(hosted[1]);
    if (hosted && !trx) return html(res, 404, layout('<p>Transaksi tidak ditemukan</p>'));
    if (trx && req.method === 'GET') {
      // Opening the page picks the method: the transaction exists and waits, with its VA number or QR.
      if (!trx.status) {
        assignPayment(trx);
        trx.status = { transaction_status: 'pending', status_code: '201' };
        await notify(trx);
      }
      return html(res, 200, page(trx, url.pathname));
    }
    if (trx && req.method === 'POST') return await pressed(req, res, trx);
    return send(res, 404, { status_code: '404', status_message: 'Not found' });
  } catch (err) {
    console.error(`gateway-simulator: ${err.message}`);
    return send(res, 500, { status_code: '500', status_message: 'Simulator error' });
  }
});

// Midtrans expires what was not paid in time, and says so.
const expiry = setInterval(() => {
  const now = Date.now();
  for (const trx of transactions.values()) {
    if (pending(trx) && trx.expiresAt && trx.expiresAt.getTime() <= now) settle(trx, OUTCOMES.expire);
  }
}, 5000);

server.listen(Number(values.port), '127.0.0.1', () => {
  console.log(`Simulator pembayaran (pengganti Midtrans): ${base}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    clearInterval(expiry);
    server.close(() => process.exit(0));
  });
}
