// A vendor's links to its open items (migration 0012-h5; docs/decisions.md, The trade's own
// link): a random token mailed to the trade, of which only the SHA-256 is stored; each link
// opens one vendor's items until it expires or staff revoke it. SQL for the links lives here.

import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TradeLinkRefusal, TradeLinkSummary } from '@field/domain';
import type { Database, TradeLinksTable } from '../../db/schema.js';
import { hashToken, newSecretToken } from '../auth/sessions.js';
import type { Executor } from '../records/repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A link that opens: its id and vendor. */
export interface OpenLink {
  id: string;
  vendorId: string;
  expiresAt: string;
}

const toSummary = (row: TradeLinksTable): TradeLinkSummary => ({
  id: row.id,
  vendorId: row.vendor_id,
  sentTo: row.sent_to,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
});

export class TradeLinks {
  constructor(
    private readonly db: Kysely<Database>,
    readonly ttlDays: number,
  ) {}

  /** A new link for the vendor; the token is returned once and never stored. */
  async create(
    executor: Executor,
    link: { vendorId: string; sentTo: string; createdBy: string; now: string },
  ): Promise<{ token: string; summary: TradeLinkSummary }> {
    const token = newSecretToken();
    const row: TradeLinksTable = {
      id: randomUUID(),
      token_hash: hashToken(token),
      vendor_id: link.vendorId,
      sent_to: link.sentTo,
      created_by: link.createdBy,
      created_at: link.now,
      expires_at: new Date(Date.parse(link.now) + this.ttlDays * DAY_MS).toISOString(),
      revoked_at: null,
    };
    await executor.insertInto('trade_links').values(row).execute();
    return { token, summary: toSummary(row) };
  }

  /** The link a token opens, or why it opens nothing. */
  async resolve(token: string, now: string): Promise<OpenLink | TradeLinkRefusal> {
    if (token === '' || token.length > 200) return 'invalid';
    const row = await this.db
      .selectFrom('trade_links')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (row === undefined) return 'invalid';
    if (row.revoked_at !== null) return 'revoked';
    if (row.expires_at <= now) return 'expired';
    return { id: row.id, vendorId: row.vendor_id, expiresAt: row.expires_at };
  }

  /** A vendor's links, newest first. */
  async listOf(vendorId: string): Promise<TradeLinkSummary[]> {
    const rows = await this.db
      .selectFrom('trade_links')
      .selectAll()
      .where('vendor_id', '=', vendorId)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(toSummary);
  }

  /** Revokes a link (again: no change); undefined when there is none. */
  async revoke(id: string, now: string): Promise<TradeLinkSummary | undefined> {
    await this.db
      .updateTable('trade_links')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    const row = await this.db
      .selectFrom('trade_links')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : toSummary(row);
  }
}
