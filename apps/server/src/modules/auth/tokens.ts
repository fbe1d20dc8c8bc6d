// Short-lived access tokens: HS256 JWTs signed with the configured secret (jose). Each
// names the session (refresh-token family) it belongs to, so ending that session ends
// its access tokens at once, not when they expire.

import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'field-app';
const AUDIENCE = 'field-app-api';

export interface VerifiedToken {
  userId: string;
  /** The session (refresh-token family) the token was issued for. */
  sessionId: string;
  /** Issued-at, epoch seconds. */
  issuedAt: number;
}

export interface TokenService {
  readonly ttlSeconds: number;
  issue(userId: string, sessionId: string): Promise<string>;
  /** The user and session of a valid token, or undefined for any invalid or expired one. */
  verifyDetailed(token: string): Promise<VerifiedToken | undefined>;
}

export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  const verifyDetailed = async (token: string): Promise<VerifiedToken | undefined> => {
    try {
      const { payload } = await jwtVerify(token, secret, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      const sid = payload['sid'];
      if (payload.sub === undefined || payload.iat === undefined || typeof sid !== 'string') {
        return undefined;
      }
      return { userId: payload.sub, sessionId: sid, issuedAt: payload.iat };
    } catch {
      return undefined;
    }
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
