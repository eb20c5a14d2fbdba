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

/** Every limit of the API (decision 004, "Abuse limits"). */
export const policies = {
  /** Guesses at one account from one address: its owner elsewhere is not locked out. */
  loginPair: { name: 'login-pair', limit: 5, windowMs: 15 * MINUTE, message: LOGIN_MESSAGE },
  /** One address guessing across many accounts. */
  loginClient: { name: 'login-client', limit: 20, windowMs: 15 * MINUTE, message: LOGIN_MESSAGE },
  /** Guesses at one account from many addresses; high, as it can lock the owner out. */
  loginAccount: { name: 'login-account', limit: 100, windowMs: HOUR, message: LOGIN_MESSAGE },
  forgotEmail: { name: 'forgot-email', limit: 3, windowMs: HOUR, message: FORGOT_MESSAGE },
  forgotClient: { name: 'forgot-client', limit: 10, windowMs: HOUR, message: FORGOT_MESSAGE },
  registerClient: {
    name: 'register-client',
    limit: 5,
    windowMs: HOUR,
    message: 'Terlalu banyak pendaftaran dari jaringan Anda.',
  },
  emailChangeTarget: { name: 'email-change-target', limit: 3, windowMs: HOUR, message: EMAIL_CHANGE_MESSAGE },
  emailChangeUser: { name: 'email-change-user', limit: 5, windowMs: HOUR, message: EMAIL_CHANGE_MESSAGE },
  emailChangeClient: {
    name: 'email-change-client',
    limit: 10,
    windowMs: HOUR,
    message: EMAIL_CHANGE_MESSAGE,
  },
  contactClient: {
    name: 'contact-client',
    limit: 5,
    windowMs: 10 * MINUTE,
    message: 'Terlalu banyak pesan.',
  },
} as const satisfies Record<string, Policy>;

/** One counter a request uses up: a policy and who it applies to. */
export interface Hit {
  policy: Policy;
  subject: string;
}

const keyOf = ({ policy, subject }: Hit) => `${policy.name}:${subject}`;

/**
 * Counts the request against every hit in one statement, and only if none of
 * them is used up: parallel requests cannot all slip through, and a refused
 * request uses up nothing (so it cannot lock anyone else out for longer).
 * Answers 429 with the policy's message when one is used up.
 */
export async function take(db: D1Database, hits: Hit[], code = 'too_many_requests'): Promise<void> {
  const now = new Date();
  const at = now.toISOString();
  const rows = hits.map((_, i) => `(?${3 * i + 2}, ?${3 * i + 3}, ?${3 * i + 4})`).join(', ');
  const params = hits.flatMap((hit) => [
    keyOf(hit),
    hit.policy.limit,
    new Date(now.getTime() + hit.policy.windowMs).toISOString(),
  ]);
  // One batch is one transaction: windows that have passed are gone before the
  // count. SQLite runs the SELECT to its end before inserting (it reads the
  // target table), so every limit is checked against the counts before this request.
  const [, counted] = await db.batch([
    db.prepare('DELETE FROM rate_limits WHERE reset_at <= ?1').bind(at),
    db
      .prepare(
        `WITH req (key, lim, reset_at) AS (VALUES ${rows})
         INSERT INTO rate_limits (key, hits, reset_at)
         SELECT key, 1, reset_at FROM req
         WHERE NOT EXISTS (SELECT 1 FROM rate_limits r JOIN req q ON r.key = q.key WHERE r.hits >= q.lim)
         ON CONFLICT (key) DO UPDATE SET hits = rate_limits.hits + 1
         RETURNING key`,
      )
      .bind(at, ...params),
  ]);
  if ((counted?.results.length ?? 0) > 0) return;

  const { results } = await db
    .prepare(
      `SELECT key, hits, reset_at AS resetAt FROM rate_limits WHERE key IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(hits.map(keyOf)))
    .all<{ key: string; hits: number; resetAt: string }>();
  // The used-up limit that frees last decides the wait.
  const usedUp = hits
    .map((hit) => ({ hit, row: results.find((r) => r.key === keyOf(hit) && r.hits >= hit.policy.limit) }))
    .filter((x) => x.row !== undefined)
    .sort((a, b) => (b.row?.resetAt ?? '').localeCompare(a.row?.resetAt ?? ''))[0];
  const waitMs = usedUp?.row ? Date.parse(usedUp.row.resetAt) - now.getTime() : MINUTE;
  const message = (usedUp?.hit ?? hits[0])?.policy.message;
  throw new AppError(
    429,
    code,
    `${message} Coba lagi dalam ${Math.max(1, Math.ceil(waitMs / MINUTE))} menit.`,
  );
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
