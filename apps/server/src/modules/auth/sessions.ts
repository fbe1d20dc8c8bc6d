// Sessions that survive being offline: a short-lived access token (bearer, kept in memory
// by the web app) and a long-lived refresh token in an HttpOnly, SameSite=Strict cookie.
// Each refresh rotates the token; presenting a rotated token again means it was copied,
// so the whole family (every token descended from that sign-in) is revoked.

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { Database, RefreshTokensTable } from '../../db/schema.js';
import type { AuthChanges } from '../../http/auth-changes.js';
import { authChangesOf } from '../../http/auth-changes.js';
import type { TokenService } from './tokens.js';

const REFRESH_COOKIE = 'field_refresh';
/** The cookie goes only to the auth endpoints, never with ordinary API calls. */
const REFRESH_COOKIE_PATH = '/api/auth';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface IssuedSession {
  accessToken: string;
  expiresIn: number;
}

export type RotateResult =
  | { ok: true; userId: string; familyId: string; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'revoked' };

export class SessionService {
  /** Where ended sessions are announced (the auth hook's cache listens). */
  private readonly changes: AuthChanges;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: TokenService,
    private readonly config: Pick<
      Config,
      'refreshTokenTtlDays' | 'refreshReuseGraceSeconds' | 'cookieSecure'
    >,
  ) {
    this.changes = authChangesOf(db);
  }

  private expiresAt(now: string): string {
    return new Date(Date.parse(now) + this.config.refreshTokenTtlDays * 86_400_000).toISOString();
  }

  /**
   * Starts a new family (a session): a sign-in, a registration, a password change. The
   * family id is the session id its access tokens carry.
   */
  async createRefreshToken(
    userId: string,
    now: string,
  ): Promise<{ token: string; familyId: string }> {
    const token = newSecretToken();
    const familyId = randomUUID();
    await this.db
      .insertInto('refresh_tokens')
      .values({
        token_hash: hashToken(token),
        family_id: familyId,
        user_id: userId,
        created_at: now,
        expires_at: this.expiresAt(now),
        used_at: null,
        revoked_at: null,
      })
      .execute();
    return { token, familyId };
  }

  /**
   * Trades a refresh token for the next one of its family. Marking the old token used
   * is one conditional update, so of two presentations only one rotates it. A token
   * presented again within the grace window after its rotation is taken for a second tab
   * or a retried request of the same device (every tab refreshes when the connection
   * returns): it gets a sibling token of the same family. Later, it is reuse, and the
   * whole family is revoked.
   */
  async rotate(token: string, now: string): Promise<RotateResult> {
    const hash = hashToken(token);
    const row = await this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    if (row === undefined) return { ok: false, reason: 'unknown' };
    if (row.revoked_at !== null) return { ok: false, reason: 'revoked' };
    if (row.used_at !== null) return this.presentedAgain(row, now);
    if (row.expires_at <= now) return { ok: false, reason: 'expired' };

    const next = newSecretToken();
    const rotated = await this.db.transaction().execute(async (trx) => {
      await this.holdFamily(trx, row.family_id);
      const marked = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hash)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('refresh_tokens')
        .values(this.successor(row, next, now))
        .execute();
      return true;
    });
    if (!rotated) {
      // Another presentation rotated it a moment ago.
      const current = await this.db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      if (current === undefined || current.revoked_at !== null) {
        return { ok: false, reason: 'revoked' };
      }
      return this.presentedAgain(current, now);
    }
    return { ok: true, userId: row.user_id, familyId: row.family_id, refreshToken: next };
  }

  private successor(row: RefreshTokensTable, token: string, now: string): RefreshTokensTable {
    return {
      token_hash: hashToken(token),
      family_id: row.family_id,
      user_id: row.user_id,
      created_at: now,
      expires_at: this.expiresAt(now),
      used_at: null,
      revoked_at: null,
    };
  }

  private async presentedAgain(row: RefreshTokensTable, now: string): Promise<RotateResult> {
    const sinceUse = Date.parse(now) - Date.parse(row.used_at ?? now);
    const grace = this.config.refreshReuseGraceSeconds * 1000;
    if (grace > 0 && sinceUse <= grace && row.expires_at > now) {
      const sibling = newSecretToken();
      const issued = await this.db.transaction().execute(async (trx) => {
        await this.holdFamily(trx, row.family_id);
        const ended = await trx
          .selectFrom('refresh_tokens')
          .select('token_hash')
          .where('family_id', '=', row.family_id)
          .where('revoked_at', 'is not', null)
          .limit(1)
          .executeTakeFirst();
        if (ended !== undefined) return false;
        await trx
          .insertInto('refresh_tokens')
          .values(this.successor(row, sibling, now))
          .execute();
        return true;
      });
      if (!issued) return { ok: false, reason: 'revoked' };
      return { ok: true, userId: row.user_id, familyId: row.family_id, refreshToken: sibling };
    }
    await this.revokeFamily(row.family_id, now);
    return { ok: false, reason: 'reused' };
  }

  /**
   * Holds a family's tokens until the transaction ends, so its rotations and its end go
   * one after another: a sign-out during a refresh revoked the tokens it found and missed
   * the successor the refresh was storing, and the session lived on (on PostgreSQL). What
   * comes after the hold, in a statement of its own, sees what the other one stored.
   */
  private async holdFamily(trx: Transaction<Database>, familyId: string): Promise<void> {
    await trx
      .updateTable('refresh_tokens')
      .set((eb) => ({ family_id: eb.ref('family_id') }))
      .where('family_id', '=', familyId)
      .execute();
  }

  async revokeFamily(familyId: string, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.holdFamily(trx, familyId);
      await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
    });
    this.changes.publish({ type: 'session', sessionId: familyId });
  }

  /** Sign-out: ends the family of the presented token, whatever its state. */
  async revokeByToken(token: string, now: string): Promise<void> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (row !== undefined) await this.revokeFamily(row.family_id, now);
  }

  /** Ends every session of a user (password change or reset). */
  async revokeAllOf(userId: string, now: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    this.changes.publish({ type: 'user', userId });
  }

  async issueAccessToken(userId: string, familyId: string): Promise<IssuedSession> {
    return {
      accessToken: await this.tokens.issue(userId, familyId),
      expiresIn: this.tokens.ttlSeconds,
    };
  }

  /** A new session without a cookie: its refresh token and first access token. */
  async open(
    userId: string,
    now: string,
  ): Promise<IssuedSession & { refreshToken: string; familyId: string }> {
    const { token, familyId } = await this.createRefreshToken(userId, now);
    return { ...(await this.issueAccessToken(userId, familyId)), refreshToken: token, familyId };
  }

  private secure(request: FastifyRequest): boolean {
    if (this.config.cookieSecure === 'auto') return request.protocol === 'https';
    return this.config.cookieSecure === 'true';
  }

  setCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
    void reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure(request),
      path: REFRESH_COOKIE_PATH,
      maxAge: this.config.refreshTokenTtlDays * 86_400,
    });
  }

  clearCookie(request: FastifyRequest, reply: FastifyReply): void {
    void reply.clearCookie(REFRESH_COOKIE, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure(request),
      path: REFRESH_COOKIE_PATH,
    });
  }

  cookieOf(request: FastifyRequest): string | undefined {
    const value = request.cookies[REFRESH_COOKIE];
    return value === undefined || value === '' ? undefined : value;
  }

  /** A new family: sets the refresh cookie and answers the access token. */
  async start(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    now: string,
  ): Promise<IssuedSession> {
    const opened = await this.open(userId, now);
    this.setCookie(request, reply, opened.refreshToken);
    return { accessToken: opened.accessToken, expiresIn: opened.expiresIn };
  }
}
