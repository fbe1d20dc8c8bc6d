// Short-lived tickets for the notification stream. A browser's EventSource cannot send an
// Authorization header, so the app trades its access token (in the header, as on every
// call) for a ticket that opens only the stream, for one minute, and puts that in the
// stream's URL. A URL ends up in logs and history: a leaked ticket is worth little, an
// access token would be worth the whole API for its lifetime. A ticket names the session
// it was issued in: once that session ends (sign-out, a password change) it opens nothing.

import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'field-app';
const AUDIENCE = 'field-app-notification-stream';
const STREAM_TICKET_TTL_SECONDS = 60;

export interface TicketHolder {
  userId: string;
  sessionId: string;
  issuedAt: number;
}

export interface StreamTickets {
  issue(userId: string, sessionId: string): Promise<{ ticket: string; expiresAt: string }>;
  /** The user, session and issue time (epoch seconds) of a valid, unexpired ticket. */
  verify(ticket: string): Promise<TicketHolder | undefined>;
}

/** Tickets are signed, not stored, so any server process can check one. */
export function createStreamTickets(secret: Uint8Array): StreamTickets {
  return {
    async issue(userId, sessionId) {
      const expires = Math.floor(Date.now() / 1000) + STREAM_TICKET_TTL_SECONDS;
      const ticket = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(expires)
        .sign(secret);
      return { ticket, expiresAt: new Date(expires * 1000).toISOString() };
    },
    async verify(ticket) {
      try {
        const { payload } = await jwtVerify(ticket, secret, {
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
    },
  };
}
