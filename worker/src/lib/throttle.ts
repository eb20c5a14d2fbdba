import { AppError } from './errors.ts';

/**
 * The one rate limiter: fixed windows counted in D1 (table rate_limits). A policy
 * allows `limit` requests per subject (an address, an email, a user) per window.
 */
export interface Policy {
  /** Prefix of the counter's key; unique per policy. */
  name: string;
  limit: number;
  windowMs: number;
  /** What the 429 says, before 'Coba lagi dalam N menit.' */
  message: string;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

const LOGIN_MESSAGE = 'Terlalu banyak percobaan login.';
const FORGOT_MESSAGE = 'Terlalu banyak permintaan atur ulang password.';
const EMAIL_CHANGE_MESSAGE = 'Terlalu banyak permintaan ganti email.';
const REGISTER_MESSAGE = 'Terlalu banyak pendaftaran dari jaringan Anda.';

/**
 * Every limit of the API (decision 004, "Abuse limits"). Per-address limits are
 * generous: many Indonesian mobile users share one carrier-NAT address.
 */
export const policies = {
  /** Guesses at one account from one address: the owner elsewhere is not locked out. */
  loginPair: { name: 'login-pair', limit: 5, windowMs: 15 * MINUTE, message: LOGIN_MESSAGE },
  /** One address guessing across many accounts. */
  loginClient: { name: 'login-client', limit: 20, windowMs: 15 * MINUTE, message: LOGIN_MESSAGE },
  /**
   * Failed guesses at one account from many addresses. Reaching it refuses no one: from then on
   * a password, right or wrong, gets the same answer, and a right one a sign-in link by email.
   */
  loginAccount: { name: 'login-account', limit: 30, windowMs: HOUR, message: LOGIN_MESSAGE },
  /**
   * Current-password guesses through one account's own sessions, from any address: the owner's
   * session is not held to `loginAccount`, which strangers at the login can fill.
   */
  passwordChangeUser: { name: 'password-change-user', limit: 10, windowMs: HOUR, message: LOGIN_MESSAGE },
  /** Sign-in links to one account's inbox (they go out only for its right password). */
  signInLinkEmail: { name: 'sign-in-link-email', limit: 3, windowMs: HOUR, message: LOGIN_MESSAGE },
  /** Reset mails to one inbox. */
  forgotEmail: { name: 'forgot-email', limit: 3, windowMs: HOUR, message: FORGOT_MESSAGE },
  forgotClient: { name: 'forgot-client', limit: 20, windowMs: HOUR, message: FORGOT_MESSAGE },
  registerClient: { name: 'register-client', limit: 20, windowMs: HOUR, message: REGISTER_MESSAGE },
  /** Voucher codes one account tries at checkout (decision 041): enough for a shopper, too few to guess codes. */
  voucherCheckUser: {
    name: 'voucher-check-user',
    limit: 30,
    windowMs: 15 * MINUTE,
    message: 'Terlalu banyak percobaan kode voucher.',
  },
  /** Confirmation mails to one inbox, from any accounts. */
  emailChangeTarget: { name: 'email-change-target', limit: 3, windowMs: HOUR, message: EMAIL_CHANGE_MESSAGE },
  emailChangeUser: { name: 'email-change-user', limit: 5, windowMs: HOUR, message: EMAIL_CHANGE_MESSAGE },
  emailChangeClient: {
    name: 'email-change-client',
    limit: 20,
    windowMs: HOUR,
    message: EMAIL_CHANGE_MESSAGE,
  },
  /**
   * Live courier rates the aggregator is asked for (a cached quote costs nothing): it bills each.
   * Per network (clientIp: an IPv6 /64 is one), per signed-in account, then the whole shop.
   */
  courierRatesClient: {
    name: 'courier-rates-client',
    limit: 20,
    windowMs: 10 * MINUTE,
    message: 'Terlalu banyak permintaan ongkos kirim.',
  },
  /** One account's askings from any networks: its addresses changing do not renew its budget. */
  courierRatesSession: {
    name: 'courier-rates-session',
    limit: 20,
    windowMs: 10 * MINUTE,
    message: 'Terlalu banyak permintaan ongkos kirim.',
  },
  /**
   * Area searches (is this postal code the district's?) one address may have the aggregator
   * answer per window; a cached answer costs nothing. Beyond, the province check stands alone.
   */
  courierAreasClient: {
    name: 'courier-areas-client',
    limit: 20,
    windowMs: 10 * MINUTE,
    message: 'Terlalu banyak permintaan ongkos kirim.',
  },
  /**
   * All of the shop's askings (rates and area searches), below the aggregator's own limit
   * (Biteship: 20 per second).
   */
  courierRatesShop: {
    name: 'courier-rates-shop',
    limit: 600,
    windowMs: MINUTE,
    message: 'Terlalu banyak permintaan ongkos kirim.',
  },
  /**
   * Confirmations the courier webhook asks the aggregator for, per aggregator order: an unsigned
   * webhook naming a real order must not make the shop call out once per forged request. A real
   * shipment moves a few times a day; the Cron's poll catches a step whose webhook was refused.
   */
  courierWebhookOrder: {
    name: 'courier-webhook-order',
    limit: 6,
    windowMs: MINUTE,
    message: 'Terlalu banyak pemberitahuan untuk pengiriman ini.',
  },
  /**
   * Method switches on one order (decision 035): each opens a gateway transaction, and one left
   * payable can be paid twice. A shopper changes their mind a few times, never dozens.
   */
  paymentSwitchOrder: {
    name: 'payment-switch-order',
    limit: 10,
    windowMs: HOUR,
    message: 'Terlalu sering mengganti cara pembayaran untuk pesanan ini.',
  },
  contactClient: {
    name: 'contact-client',
    limit: 5,
    windowMs: 10 * MINUTE,
    message: 'Terlalu banyak pesan.',
  },
  /**
   * 'Kabari Saya' asks for one address (decision 042): a guest may type anyone's, so a stranger
   * cannot sign an inbox up to more than a few sizes' mails a day.
   */
  backInStockEmail: {
    name: 'back-in-stock-email',
    limit: 10,
    windowMs: 24 * HOUR,
    message: 'Terlalu banyak permintaan kabar stok untuk email ini.',
  },
  /** 'Kabari Saya' asks from one network (clientIp), for any addresses. */
  backInStockClient: {
    name: 'back-in-stock-client',
    limit: 30,
    windowMs: HOUR,
    message: 'Terlalu banyak permintaan kabar stok dari jaringan Anda.',
  },
  /**
   * Two-factor codes tried for one account (decision 053), at the sign-in's second step, turning
   * it on or off: with three codes valid at a time, 5 guesses in 15 minutes make a hit unlikely
   * for years. A right code starts it over.
   */
  twoFactorAccount: {
    name: 'two-factor-account',
    limit: 5,
    windowMs: 15 * MINUTE,
    message: 'Terlalu banyak percobaan kode verifikasi.',
  },
} as const satisfies Record<string, Policy>;

/** One counter a request uses up: a policy and who it applies to. */
export interface Hit {
  policy: Policy;
  subject: string;
}

const keyOf = ({ policy, subject }: Hit) => `${policy.name}:${subject}`;

/** The hits as rows (key, lim, reset_at) for SQL, from the JSON parameter ?1. */
const REQUEST = `req AS (
  SELECT json_extract(value, '$[0]') AS key, json_extract(value, '$[1]') AS lim, json_extract(value, '$[2]') AS reset_at
  FROM json_each(?1))`;

/** The hits as the JSON parameter of REQUEST, their windows starting at `now`. */
const requestOf = (hits: Hit[], now: Date) =>
  JSON.stringify(
    hits.map((hit) => [
      keyOf(hit),
      hit.policy.limit,
      new Date(now.getTime() + hit.policy.windowMs).toISOString(),
    ]),
  );

/**
 * Counts the request against every hit in one statement, and only if none of
 * them is used up: parallel requests cannot all slip through, and a refused
 * request uses up nothing (so it cannot lock anyone else out for longer).
 * Whether it was counted; false when a limit is used up.
 */
export async function tryTake(db: D1Database, hits: Hit[]): Promise<boolean> {
  const now = new Date();
  // One batch is one transaction: windows that have passed are gone before the
  // count. SQLite runs the SELECT to its end before inserting (it reads the
  // target table), so every limit is checked against the counts before this request.
  const [, counted] = await db.batch([
    db.prepare('DELETE FROM rate_limits WHERE reset_at <= ?1').bind(now.toISOString()),
    db
      .prepare(
        `WITH ${REQUEST}
         INSERT INTO rate_limits (key, hits, reset_at)
         SELECT key, 1, reset_at FROM req
         WHERE NOT EXISTS (SELECT 1 FROM rate_limits r JOIN req q USING (key) WHERE r.hits >= q.lim)
         ON CONFLICT (key) DO UPDATE SET hits = rate_limits.hits + 1
         RETURNING key`,
      )
      .bind(requestOf(hits, now)),
  ]);
  return (counted?.results.length ?? 0) > 0;
}

/** `tryTake`, answering 429 with the policy's message when a limit is used up. */
export async function take(db: D1Database, hits: Hit[], code = 'too_many_requests'): Promise<void> {
  if (await tryTake(db, hits)) return;
  // The used-up limit that frees last decides the message and the wait.
  const now = new Date();
  const usedUp = await db
    .prepare(
      `WITH ${REQUEST}
       SELECT r.key, r.reset_at AS resetAt FROM rate_limits r JOIN req q USING (key)
       WHERE r.hits >= q.lim AND r.reset_at > ?2 ORDER BY r.reset_at DESC LIMIT 1`,
    )
    .bind(requestOf(hits, now), now.toISOString())
    .first<{ key: string; resetAt: string }>();
  const policy = (hits.find((hit) => keyOf(hit) === usedUp?.key) ?? hits[0])?.policy;
  const minutes = usedUp ? Math.ceil((Date.parse(usedUp.resetAt) - now.getTime()) / MINUTE) : 1;
  throw new AppError(429, code, `${policy?.message} Coba lagi dalam ${Math.max(1, minutes)} menit.`);
}

/** Gives back what `take` counted, for a request that turned out not to be abuse (a right password). */
export async function refund(db: D1Database, hits: Hit[]): Promise<void> {
  await db
    .prepare(
      'UPDATE rate_limits SET hits = hits - 1 WHERE hits > 0 AND key IN (SELECT value FROM json_each(?1))',
    )
    .bind(JSON.stringify(hits.map(keyOf)))
    .run();
}

/** Starts the counters over. */
export async function reset(db: D1Database, hits: Hit[]): Promise<void> {
  await db
    .prepare('DELETE FROM rate_limits WHERE key IN (SELECT value FROM json_each(?1))')
    .bind(JSON.stringify(hits.map(keyOf)))
    .run();
}
