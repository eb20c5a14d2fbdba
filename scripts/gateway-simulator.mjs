// A local stand-in for Midtrans (docs/decisions/026-payment-gateway.md), run by scripts/start.mjs
// so `npm start` and the journeys show the whole payment flow with no account and no network.
// It speaks the subset of Midtrans's API the shop uses: Snap's POST /snap/v1/transactions,
// GET /v2/{order_id}/status, and HTTP notifications signed like Midtrans's
// (SHA-512 of order_id + status_code + gross_amount + server key). Its hosted page, in
// Indonesian, lets a tester pay, fail or let the attempt expire. Local only: nothing in the
// Worker imports it, so neither the production bundle nor the deploy dry run contains it.
//   node scripts/gateway-simulator.mjs --port 9787 --shop http://127.0.0.1:8787 --key <server key>
import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { escapeHtml } from '../packages/contracts/src/html.ts';
import { readBody, rupiah, send, simulatorOptions } from './simulator-http.mjs';

const values = simulatorOptions('gateway-simulator', '9787');
const { key: serverKey, base } = values;
const notificationUrl = `${values.shop}/api/payments/midtrans/notification`;

/** Snap's channel names → what the page and the status say. */
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

/** What each button does: Midtrans's transaction_status and status_code. */
const OUTCOMES = {
  pay: { transaction_status: 'settlement', status_code: '200' },
  fail: { transaction_status: 'deny', status_code: '202' },
  expire: { transaction_status: 'expire', status_code: '407' },
};

/** Transactions by order_id; `status` stays undefined until the page is opened (Midtrans: 404). */
const transactions = new Map();
const byToken = new Map();

const authorised = (req) =>
  req.headers.authorization === `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`;

/** The transaction's status body, shaped like Midtrans's GET /v2/{order_id}/status answer. */
function statusBody(trx) {
  const channel = CHANNELS[trx.channel] ?? CHANNELS.other_qris;
  return {
    status_code: trx.status.status_code,
    status_message: 'Success, transaction is found',
    transaction_id: trx.transactionId,
    order_id: trx.orderId,
    merchant_id: 'G000LOCAL',
    gross_amount: `${trx.grossAmount}.00`,
    currency: 'IDR',
    payment_type: channel.payment_type,
    transaction_time: trx.createdAt,
    transaction_status: trx.status.transaction_status,
    fraud_status: 'accept',
    ...(channel.bank === 'permata'
      ? { permata_va_number: trx.payCode }
      : channel.bank
        ? { va_numbers: [{ bank: channel.bank, va_number: trx.payCode }] }
        : channel.payment_type === 'echannel'
          ? { biller_code: '70012', bill_key: trx.payCode }
          : channel.payment_type === 'qris'
            ? { qr_string: trx.payCode }
            : {}),
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

function page(trx) {
  const channel = CHANNELS[trx.channel] ?? CHANNELS.other_qris;
  const done = trx.status.transaction_status !== 'pending';
  const code = channel.payment_type === 'qris' ? 'Kode QR' : 'Nomor pembayaran';
  return `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Simulator Pembayaran</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}
.box{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem;border-radius:6px;border:1px solid #888;cursor:pointer}
.pay{background:#0a7d3b;color:#fff;border-color:#0a7d3b}code{font-size:1.1rem;word-break:break-all}</style></head>
<body><h1>Simulator Pembayaran (lokal)</h1>
<p>Halaman ini menggantikan Midtrans di komputer Anda. Tidak ada uang yang berpindah.</p>
<div class="box"><p>Metode: <strong>${escapeHtml(channel.label)}</strong></p>
<p>Total: <strong>${escapeHtml(rupiah(trx.grossAmount))}</strong></p>
<p>${code}: <code>${escapeHtml(trx.payCode)}</code></p>
<p>Status: <strong>${escapeHtml(trx.status.transaction_status)}</strong></p></div>
${
  done
    ? `<p><a href="${escapeHtml(trx.finish)}">Kembali ke toko</a></p>`
    : `<form method="post"><button class="pay" name="action" value="pay">Bayar</button>
<button name="action" value="fail">Gagalkan pembayaran</button>
<button name="action" value="expire">Buat kedaluwarsa</button></form>`
}
</body></html>`;
}

function finishUrl(trx) {
  const url = new URL(trx.finish);
  url.searchParams.set('order_id', trx.orderId);
  url.searchParams.set('status_code', trx.status.status_code);
  url.searchParams.set('transaction_status', trx.status.transaction_status);
  return url.href;
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', base);
  try {
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
      const trx = {
        orderId,
        token,
        grossAmount,
        channel: body.enabled_payments?.[0] ?? 'other_qris',
        finish: body.callbacks?.finish ?? values.shop,
        transactionId: randomUUID(),
        createdAt: new Date().toISOString().slice(0, 19).replace('T', ' '),
        payCode: '',
        status: undefined,
      };
      transactions.set(orderId, trx);
      byToken.set(token, trx);
      return send(res, 201, { token, redirect_url: `${base}/snap/v4/redirection/${token}` });
    }

    const status = /^\/v2\/([^/]+)\/status$/.exec(url.pathname);
    if (req.method === 'GET' && status) {
      if (!authorised(req)) return send(res, 401, { status_code: '401', status_message: 'Unauthorized' });
      const trx = transactions.get(decodeURIComponent(status[1]));
      if (!trx?.status)
        return send(res, 200, { status_code: '404', status_message: "Transaction doesn't exist." });
      return send(res, 200, statusBody(trx));
    }

    const hosted = /^\/snap\/v4\/redirection\/([^/]+)$/.exec(url.pathname);
    const trx = hosted && byToken.get(hosted[1]);
    if (hosted && !trx) return send(res, 404, '<p>Transaksi tidak ditemukan</p>', 'text/html; charset=utf-8');
    if (trx && req.method === 'GET') {
      // Opening the page picks the method: the transaction exists and waits, with its VA number or QR.
      if (!trx.status) {
        const channel = CHANNELS[trx.channel] ?? CHANNELS.other_qris;
        trx.payCode =
          channel.payment_type === 'qris'
            ? `00020101021226610014COM.GO-JEK.WWW01189360091434506469550210G0000LOCAL0303UMI5204599953033605405${trx.grossAmount}5802ID6304LOCL`
            : `8808${String(Date.now()).slice(-9)}`;
        trx.status = { transaction_status: 'pending', status_code: '201' };
        await notify(trx);
      }
      return send(res, 200, page(trx), 'text/html; charset=utf-8');
    }
    if (trx && req.method === 'POST') {
      const action = new URLSearchParams(await readBody(req)).get('action');
      const outcome = OUTCOMES[action ?? ''];
      if (outcome && trx.status?.transaction_status === 'pending') {
        trx.status = outcome;
        await notify(trx);
      }
      res.writeHead(303, { location: finishUrl(trx) });
      return res.end();
    }
    return send(res, 404, { status_code: '404', status_message: 'Not found' });
  } catch (err) {
    console.error(`gateway-simulator: ${err.message}`);
    return send(res, 500, { status_code: '500', status_message: 'Simulator error' });
  }
});

server.listen(Number(values.port), '127.0.0.1', () => {
  console.log(`Simulator pembayaran (pengganti Midtrans): ${base}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
