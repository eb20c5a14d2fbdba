import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = 'global-imperium-shop';
const AUDIENCE = 'global-imperium-shop:api';
const ALGORITHM = 'HS256';

export interface AccessClaims {
  sub: string;
  /** The `sessions` row issued with this token: logout and password reset end it at once. */
  sid: string;
}

function key(secret: string): Uint8Array {
  if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  return new TextEncoder().encode(secret);
}

/** A token of the shop for `audience`, about `subject`; without `ttlSeconds` it does not expire. */
function sign(
  audience: string,
  subject: string,
  claims: Record<string, string>,
  secret: string,
  ttlSeconds?: number,
): Promise<string> {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt();
  return (ttlSeconds === undefined ? jwt : jwt.setExpirationTime(`${ttlSeconds}s`)).sign(key(secret));
}

/**
 * The payload of a genuine token of the shop for `audience` (unexpired when it expires), else
 * null. The algorithm is pinned and the `required` claims must be present.
 */
async function verify(token: string, secret: string, audience: string, required: string[]) {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience,
      requiredClaims: required,
    });
    return payload;
  } catch {
    return null;
  }
}

export function signAccessToken(claims: AccessClaims, secret: string): Promise<string> {
  return sign(AUDIENCE, claims.sub, { sid: claims.sid }, secret, ACCESS_TTL_SECONDS);
}

/**
 * The claims of a genuine, unexpired token, else null. Every standard claim is required;
 * whether its session is still live is the caller's check.
 */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  const payload = await verify(token, secret, AUDIENCE, ['exp', 'iat', 'sub', 'iss', 'aud', 'sid']);
  if (typeof payload?.sid !== 'string') return null;
  return { sub: payload.sub as string, sid: payload.sid };
}

/** The audience of a marketing email's unsubscribe link: no access token is one, nor the reverse. */
const UNSUBSCRIBE_AUDIENCE = 'global-imperium-shop:unsubscribe';

/**
 * The signed token of a marketing email's unsubscribe link (decision 042): it names the address
 * and works without signing in, for as long as the mail sits in the inbox (no expiry). Only the
 * shop can make one, so nobody unsubscribes an address they were not mailed at.
 */
export function signUnsubscribeToken(email: string, secret: string): Promise<string> {
  return sign(UNSUBSCRIBE_AUDIENCE, email, {}, secret);
}

/** The address of a genuine unsubscribe token, else null. */
export async function verifyUnsubscribeToken(token: string, secret: string): Promise<string | null> {
  const payload = await verify(token, secret, UNSUBSCRIBE_AUDIENCE, ['iat', 'sub', 'iss', 'aud']);
  return payload?.sub ?? null;
}

/** The audience of a review request's link: no other token of the shop is one. */
const REVIEW_LINK_AUDIENCE = 'global-imperium-shop:review-link';
/** How long a review request's link opens the form (decision 047). */
const REVIEW_LINK_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Who the link is for and which product it reviews. */
export interface ReviewLinkClaims {
  userId: string;
  productId: string;
}

/**
 * The signed token of a review request's link (decision 047): it lets that customer review that
 * product without signing in, until it expires. The link grants nothing else.
 */
export function signReviewLinkToken(claims: ReviewLinkClaims, secret: string): Promise<string> {
  return sign(
    REVIEW_LINK_AUDIENCE,
    claims.userId,
    { pid: claims.productId },
    secret,
    REVIEW_LINK_TTL_SECONDS,
  );
}

/** The claims of a genuine, unexpired review link token, else null. */
export async function verifyReviewLinkToken(token: string, secret: string): Promise<ReviewLinkClaims | null> {
  const payload = await verify(token, secret, REVIEW_LINK_AUDIENCE, [
    'exp',
    'iat',
    'sub',
    'iss',
    'aud',
    'pid',
  ]);
  if (typeof payload?.pid !== 'string' || !payload.sub) return null;
  return { userId: payload.sub, productId: payload.pid };
}

/** 32 random bytes, base64url: the opaque refresh token and one-time email links. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The audience of a staff invitation's link (decision 052): no other token of the shop is one. */
const STAFF_INVITE_AUDIENCE = 'global-imperium-shop:staff-invite';
/** How long an invitation's link works. */
export const STAFF_INVITE_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * The signed token of a staff invitation's link: it names the invitation's row, which says the
 * address and the role and whether it was taken already. Only the shop can make one.
 */
export function signStaffInviteToken(inviteId: string, secret: string): Promise<string> {
  return sign(STAFF_INVITE_AUDIENCE, inviteId, {}, secret, STAFF_INVITE_TTL_SECONDS);
}

/** The invitation id of a genuine, unexpired invitation token, else null. */
export async function verifyStaffInviteToken(token: string, secret: string): Promise<string | null> {
  const payload = await verify(token, secret, STAFF_INVITE_AUDIENCE, ['exp', 'iat', 'sub', 'iss', 'aud']);
  return payload?.sub ?? null;
}

/** The audience of the sign-in's pending second step: no other token of the shop is one. */
const TWO_FACTOR_AUDIENCE = 'global-imperium-shop:two-factor';
/** How long the code step waits after the right password (decision 053). */
export const TWO_FACTOR_PENDING_TTL_SECONDS = 5 * 60;

/**
 * The signed token of a sign-in whose password was right and whose code is next: it names the
 * account and grants nothing but trying a code, for a few minutes.
 */
export function signTwoFactorPendingToken(userId: string, secret: string): Promise<string> {
  return sign(TWO_FACTOR_AUDIENCE, userId, {}, secret, TWO_FACTOR_PENDING_TTL_SECONDS);
}

/** The account of a genuine, unexpired pending token, else null. */
export async function verifyTwoFactorPendingToken(token: string, secret: string): Promise<string | null> {
  const payload = await verify(token, secret, TWO_FACTOR_AUDIENCE, ['exp', 'iat', 'sub', 'iss', 'aud']);
  return payload?.sub ?? null;
}
