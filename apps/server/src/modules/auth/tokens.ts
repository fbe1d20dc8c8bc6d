// Short-lived access tokens: HS256 JWTs signed with the configured secret (jose). Each
// names the session (refresh-token family) it belongs to, so ending that session ends
// its access tokens at once, not when they expire.

import { SignJWT, jwtVerify } from 'jose';
import type { TokenVerifier, VerifiedToken } from '../../http/auth.js';

const ISSUER = 'field-app';
const AUDIENCE = 'field-app-api';

export interface TokenService extends TokenVerifier {
  readonly ttlSeconds: number;
  issue(userId: string, sessionId: string): Promise<string>;
}

/** Tokens verified lately, so a token's signature is checked once, not on every request. */
const VERIFIED_MAX = 10_000;

export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  const verifyOnce = async (
    token: string,
  ): Promise<(VerifiedToken & { exp: number }) | undefined> => {
    try {
      const { payload } = await jwtVerify(token, secret, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      const sid = payload['sid'];
      if (
        payload.sub === undefined ||
        payload.iat === undefined ||
        payload.exp === undefined ||
        typeof sid !== 'string'
      ) {
        return undefined;
      }
      return { userId: payload.sub, sessionId: sid, issuedAt: payload.iat, exp: payload.exp };
    } catch {
      return undefined;
    }
  };
  // The same string verified before is the same signature: only its expiry can change.
  const verified = new Map<string, VerifiedToken & { exp: number }>();
  const verifyDetailed = async (token: string): Promise<VerifiedToken | undefined> => {
    const now = Date.now() / 1000;
    let claims = verified.get(token);
    if (claims === undefined) {
      claims = await verifyOnce(token);
      if (claims === undefined) return undefined;
      if (verified.size >= VERIFIED_MAX) {
        for (const [key, value] of verified) if (value.exp <= now) verified.delete(key);
        const oldest = verified.keys().next().value;
        if (verified.size >= VERIFIED_MAX && oldest !== undefined) verified.delete(oldest);
      }
      verified.set(token, claims);
    }
    if (claims.exp <= now) {
      verified.delete(token);
      return undefined;
    }
    return { userId: claims.userId, sessionId: claims.sessionId, issuedAt: claims.issuedAt };
  };
  return {
    ttlSeconds,
    issue: (userId, sessionId) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret),
    verifyDetailed,
  };
}
