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

export async function signAccessToken(claims: AccessClaims, secret: string): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TTL_SECONDS}s`)
    .sign(key(secret));
}

/**
 * The claims of a genuine, unexpired token, else null. The algorithm is pinned and
 * every standard claim required; whether its session is still live is the caller's check.
 */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub', 'iss', 'aud', 'sid'],
    });
    if (typeof payload.sid !== 'string') return null;
    return { sub: payload.sub as string, sid: payload.sid };
  } catch {
    return null;
  }
}

/** The audience of a marketing email's unsubscribe link: no access token is one, nor the reverse. */
const UNSUBSCRIBE_AUDIENCE = 'global-imperium-shop:unsubscribe';

/**
 * The signed token of a marketing email's unsubscribe link (decision 042): it names the address
 * and works without signing in, for as long as the mail sits in the inbox (no expiry). Only the
 * shop can make one, so nobody unsubscribes an address they were not mailed at.
 */
export async function signUnsubscribeToken(email: string, secret: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(email)
    .setIssuer(ISSUER)
    .setAudience(UNSUBSCRIBE_AUDIENCE)
    .setIssuedAt()
    .sign(key(secret));
}

/** The address of a genuine unsubscribe token, else null. */
export async function verifyUnsubscribeToken(token: string, secret: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: UNSUBSCRIBE_AUDIENCE,
      requiredClaims: ['iat', 'sub', 'iss', 'aud'],
    });
    return payload.sub ?? null;
  } catch {
    return null;
  }
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
export async function signReviewLinkToken(claims: ReviewLinkClaims, secret: string): Promise<string> {
  return new SignJWT({ pid: claims.productId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(REVIEW_LINK_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${REVIEW_LINK_TTL_SECONDS}s`)
    .sign(key(secret));
}

/** The claims of a genuine, unexpired review link token, else null. */
export async function verifyReviewLinkToken(token: string, secret: string): Promise<ReviewLinkClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: REVIEW_LINK_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub', 'iss', 'aud', 'pid'],
    });
    if (typeof payload.pid !== 'string' || !payload.sub) return null;
    return { userId: payload.sub, productId: payload.pid };
  } catch {
    return null;
  }
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
