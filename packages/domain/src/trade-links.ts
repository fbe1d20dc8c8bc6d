// The trade's own link (docs/decisions.md, The trade's own link): what staff send, what the
// trade's page reads and what it sends back. The trade is no user: a link's token opens one
// vendor's open items and nothing else, and the trade's changes are written in the item's
// history under an actor id of its own (`trade:{vendorId}`).

import { z } from './zod.js';

/** The header a trade's page sends its link's token in (never `Authorization`). */
export const TRADE_TOKEN_HEADER = 'x-trade-token';

const TRADE_ACTOR_PREFIX = 'trade:';

/** The history's user id of a change a vendor's trade made through its link. */
export const tradeActorId = (vendorId: string): string => `${TRADE_ACTOR_PREFIX}${vendorId}`;

/** The vendor of a trade's actor id; undefined for a user's id. */
export function vendorOfActor(userId: string): string | undefined {
  return userId.startsWith(TRADE_ACTOR_PREFIX)
    ? userId.slice(TRADE_ACTOR_PREFIX.length)
    : undefined;
}

/**
 * The write queue's type of a link sent to a trade: a mail, not a record, queued like every
 * write so it can be sent offline; the server mails it once per Idempotency-Key.
 */
export const TRADE_LINK_MUTATION_TYPE = 'tradeLink';

/** Staff send a vendor its link (`POST /api/field_vendors/trade-links`). */
export const tradeLinkSendSchema = z.strictObject({
  vendorId: z.string().check(z.minLength(1), z.maxLength(64)),
  /** Where to; the vendor's own e-mail address when left out. */
  email: z.optional(z.email()),
});

/** A link as staff see it on the vendor's page: never its token. */
export const tradeLinkSummarySchema = z.object({
  id: z.string(),
  vendorId: z.string(),
  sentTo: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.nullable(z.string()),
});
export type TradeLinkSummary = z.infer<typeof tradeLinkSummarySchema>;

/** `GET /api/field_vendors/trade-links/settings`: how long a link sent now works. */
export const tradeLinkSettingsSchema = z.object({ ttlDays: z.number() });

/** The trade says an item is fixed: a note and one photo (base64, as the files routes take). */
export const tradeReadySchema = z.strictObject({
  note: z.string().check(z.trim(), z.minLength(1, 'expected a note'), z.maxLength(2000)),
  photo: z.strictObject({
    data: z.string().check(z.minLength(1)),
    contentType: z.string().check(z.regex(/^image\/[a-z0-9.+-]+$/, 'expected an image')),
  }),
});

/** A photo on the trade's page: fetched with the token from `/api/trade/photo`. */
export interface TradePhoto {
  key: string;
  name: string;
}

/** One open item as the trade sees it: where, what, by when; no buyer, no staff but the contact. */
export interface TradeItem {
  id: string;
  address: string;
  walk: string;
  location: string;
  description: string;
  status: string;
  dueDate: string | null;
  photos: TradePhoto[];
  reviewNote: string | null;
  returnReason: string | null;
  /** The home's superintendent (its first construction staff member), to call or mail. */
  contact: { name: string; phone: string | null; email: string | null } | null;
}

/** `GET /api/trade/items`: the vendor, when the link ends, and its open items. */
export interface TradeView {
  vendor: { name: string; trade: string };
  expiresAt: string;
  items: TradeItem[];
}

/** Why a link opens nothing (410 and 401 answers carry it as `reason`). */
export type TradeLinkRefusal = 'invalid' | 'expired' | 'revoked';
