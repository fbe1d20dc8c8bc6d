// Short-lived access tokens: HS256 JWTs signed with the configured secret (jose).

import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'field-app';
const AUDIENCE = 'field-app-api';

export interface VerifiedToken {
  userId: string;
  /** Issued-at, epoch seconds. */
  issuedAt: number;
}

export interface TokenService {
  readonly ttlSeconds: number;
  issue(userId: string): Promise<string>;
  /** The user id of a valid token, or undefined for any invalid or expired one. */
  verify(token: string): Promise<string | undefined>;
  /** As `verify`, with the time the token was issued. */
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
      if (payload.sub === undefined || payload.iat === undefined) return undefined;
      return { userId: payload.sub, issuedAt: payload.iat };
    } catch {
      return undefined;
    }
  };
  return {
    ttlSeconds,
    issue: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret),
    verify: async (token) => (await verifyDetailed(token))?.userId,
    verifyDetailed,
  };
}
