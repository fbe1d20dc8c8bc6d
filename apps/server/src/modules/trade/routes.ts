// The trade's own link over HTTP (docs/api.md, Trade links; docs/decisions.md, The trade's
// own link). Staff who write vendors send a vendor a link by mail, list its links and
// revoke one. The trade's page calls `/api/trade/...` with the link's token in its own
// header: public to the auth hook (which never takes the token as a bearer), rate-limited
// per address, and reading only the vendor's open items. The trade may only say an item is
// ready for review (the domain's item-review.ts), as an actor of its own in the history.

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TradeLinkRefusal, TradeView } from '@field/domain';
import {
  ITEM_PHOTO_COLLECTION,
  MESSAGES,
  TRADE_TOKEN_HEADER,
  itemTransitionError,
  resolveAccess,
  tradeActorId,
  tradeLinkSendSchema,
  tradeReadySchema,
  transitionsFrom,
} from '@field/domain';
import type { AuthUser } from '../../http/auth.js';
import { requireAccess } from '../../http/auth.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { runWrite } from '../../http/idempotency.js';
import { parseWith } from '../../http/validate.js';
import type { FileStore } from '../../storage/file-store.js';
import type { Mailer } from '../auth/mailer.js';
import { decodeBase64 } from '../files/routes.js';
import { storeFile } from '../files/stored-files.js';
import type { StoreLimits } from '../files/stored-files.js';
import type { RouteDeps } from '../records/deps.js';
import { patchRecord, storedData } from '../records/record-writes.js';
import type { OpenLink, TradeLinks } from './trade-links.js';
import { isOpenItemOf, openItemsOf, photosOf } from './trade-view.js';

export interface TradeDeps {
  links: TradeLinks;
  mailer: Mailer;
  files: FileStore;
  fileLimits: StoreLimits;
  uploadLimitBytes: number;
  publicUrl: string;
  rateLimit: { max: number; timeWindow: number };
}

const VENDORS_WRITE = ['collaboration_vendors'] as const;
const REFUSALS: Readonly<Record<TradeLinkRefusal, { status: number; message: string }>> = {
  invalid: { status: 401, message: MESSAGES.tradeLinkInvalid },
  expired: { status: 410, message: MESSAGES.tradeLinkExpired },
  revoked: { status: 410, message: MESSAGES.tradeLinkRevoked },
};

class TradeRefusal extends AppError {
  constructor(readonly reason: TradeLinkRefusal) {
    super(REFUSALS[reason].status, REFUSALS[reason].message);
  }
}

/** The trade as the write pipeline's writer: no scopes, named by its vendor. */
function tradeWriter(vendorId: string, vendorName: string): AuthUser {
  const id = tradeActorId(vendorId);
  const now = new Date().toISOString();
  return {
    id,
    sessionId: '',
    scopes: [],
    access: resolveAccess([]),
    row: {
      id,
      email: '',
      password_hash: '',
      first_name: vendorName,
      last_name: '',
      photo_url: null,
      role: 'trade',
      airtable_id: null,
      created_at: now,
      updated_at: now,
      legacy_data: null,
      migrated_at: null,
      tokens_valid_after: null,
      email_verified_at: null,
    },
  };
}

function tradeMail(to: string, vendor: string, link: string, days: number) {
  const intro = `Here is the list of open items for ${vendor}. Open it on your phone, no account needed:`;
  const outro = `Mark an item ready for review with a note and a photo once it is fixed. The link works for ${String(days)} days.`;
  return {
    to,
    subject: 'Your open items (Field App)',
    text: `${intro}\n\n${link}\n\n${outro}\n`,
    html: `<p>${intro}</p><p><a href="${link}">${link}</a></p><p>${outro}</p>`,
  };
}

const vendorName = (data: Record<string, unknown>): string =>
  typeof data['Name'] === 'string' ? data['Name'] : '';

/** Staff's side: send a vendor its link, list and revoke its links, and how long one works. */
function staffRoutes(api: FastifyInstance, deps: RouteDeps, trade: TradeDeps): void {
  const base = '/field_vendors/trade-links';

  api.get(base, async (request) => {
    requireAccess(request, VENDORS_WRITE, 'write');
    const { vendorId } = parseWith(z.object({ vendorId: z.string().min(1) }), request.query);
    return trade.links.listOf(vendorId);
  });

  // The dialog says how long a link works: this server's TRADE_LINK_TTL_DAYS, not the default.
  api.get(`${base}/settings`, (request, reply) => {
    requireAccess(request, VENDORS_WRITE, 'write');
    return reply.send({ ttlDays: trade.links.ttlDays });
  });

  api.post(base, async (request, reply) => {
    const user = requireAccess(request, VENDORS_WRITE, 'write');
    const input = parseWith(tradeLinkSendSchema, request.body ?? {});
    const vendor = await deps.records.find(deps.db, 'vendors', input.vendorId);
    if (vendor === undefined || vendor.deleted_at !== null) {
      throw badRequest('Invalid value for "vendorId": no such vendor');
    }
    const data = storedData(vendor);
    const own = typeof data['Email'] === 'string' && data['Email'] !== '' ? data['Email'] : null;
    const sentTo = input.email ?? own;
    if (sentTo === null) throw badRequest(MESSAGES.tradeLinkNoEmail);
    let token = '';
    const answer = await runWrite(deps.db, request, reply, user.id, async (trx) => {
      const made = await trade.links.create(trx, {
        vendorId: vendor.id,
        sentTo,
        createdBy: user.id,
        now: new Date().toISOString(),
      });
      token = made.token;
      return { statusCode: 201, body: made.summary };
    });
    // A replayed request made no link and mails nothing again.
    if (token !== '') {
      const link = `${trade.publicUrl}/trade.html#${token}`;
      const mail = tradeMail(sentTo, vendorName(data), link, trade.links.ttlDays);
      void trade.mailer.track(
        trade.mailer.send(mail).catch((err: unknown) => {
          request.log.error({ err }, 'sending the trade link failed');
        }),
      );
    }
    return answer;
  });

  api.post(`${base}/:id/revoke`, async (request) => {
    requireAccess(request, VENDORS_WRITE, 'write');
    const { id } = parseWith(z.object({ id: z.string().min(1).max(64) }), request.params);
    const revoked = await trade.links.revoke(id, new Date().toISOString());
    if (revoked === undefined) throw notFound();
    return revoked;
  });
}

/** The link a request's token opens; the refusal (401 or 410, with its reason) otherwise. */
async function openLink(request: FastifyRequest, trade: TradeDeps): Promise<OpenLink> {
  const header = request.headers[TRADE_TOKEN_HEADER];
  const token = typeof header === 'string' ? header.trim() : '';
  const link = await trade.links.resolve(token, new Date().toISOString());
  if (typeof link === 'string') throw new TradeRefusal(link);
  return link;
}

/** The trade's side: its open items, their photos, and "ready for review". */
function tradeSideRoutes(api: FastifyInstance, deps: RouteDeps, trade: TradeDeps): void {
  const config = {
    // Public to the auth hook: the token is checked here, and only here.
    public: true,
    rateLimit: {
      ...trade.rateLimit,
      keyGenerator: (request: FastifyRequest) => `trade:${request.ip}`,
    },
  };
  const refused = (error: unknown, reply: FastifyReply) => {
    if (!(error instanceof TradeRefusal)) throw error;
    return reply.code(error.statusCode).send({ error: error.message, reason: error.reason });
  };

  api.get('/trade/items', { config }, async (request, reply) => {
    try {
      const link = await openLink(request, trade);
      const vendor = await deps.records.find(deps.db, 'vendors', link.vendorId);
      const data = vendor === undefined ? {} : storedData(vendor);
      const view: TradeView = {
        vendor: {
          name: vendorName(data),
          trade: typeof data['Trade'] === 'string' ? data['Trade'] : '',
        },
        expiresAt: link.expiresAt,
        items: await openItemsOf(deps.db, deps.records, link.vendorId),
      };
      void reply.header('cache-control', 'no-store');
      return view;
    } catch (error) {
      return refused(error, reply);
    }
  });

  api.get('/trade/photo', { config }, async (request, reply) => {
    try {
      const link = await openLink(request, trade);
      const query = parseWith(
        z.object({ item: z.string().min(1).max(64), key: z.string().min(1).max(500) }),
        request.query,
      );
      const row = await deps.records.find(deps.db, ITEM_PHOTO_COLLECTION, query.item);
      if (!isOpenItemOf(row, link.vendorId)) throw notFound(MESSAGES.tradeItemNotOpen);
      if (!photosOf(row).some((photo) => photo.key === query.key)) {
        throw notFound(MESSAGES.fileNotFound);
      }
      const segments = query.key.split('/');
      const file = await deps.db
        .selectFrom('files')
        .select('content_type')
        .where('collection', '=', segments[0] ?? '')
        .where('key', '=', segments.slice(1).join('/'))
        .executeTakeFirst();
      const bytes = file === undefined ? undefined : await trade.files.read(segments);
      if (file === undefined || bytes === undefined) throw notFound(MESSAGES.fileNotFound);
      void reply.headers({
        'content-type': file.content_type,
        'cache-control': 'private, no-store',
      });
      return await reply.send(bytes);
    } catch (error) {
      return refused(error, reply);
    }
  });

  api.post(
    '/trade/items/:id/ready',
    { config, bodyLimit: trade.uploadLimitBytes },
    async (request, reply) => {
      try {
        const link = await openLink(request, trade);
        const { id } = parseWith(z.object({ id: z.string().min(1).max(64) }), request.params);
        const input = parseWith(tradeReadySchema, request.body ?? {});
        const bytes = decodeBase64(input.photo.data);
        const vendor = await deps.records.find(deps.db, 'vendors', link.vendorId);
        const writer = tradeWriter(link.vendorId, vendorName(vendor ? storedData(vendor) : {}));
        const committed: (() => void)[] = [];
        const answer = await runWrite(deps.db, request, reply, writer.id, async (trx) => {
          // Held, as every change's record is (record-writes.ts, existingRecord).
          await deps.records.hold(trx, ITEM_PHOTO_COLLECTION, id);
          const row = await deps.records.find(trx, ITEM_PHOTO_COLLECTION, id);
          if (!isOpenItemOf(row, link.vendorId)) throw notFound(MESSAGES.tradeItemNotOpen);
          const current = storedData(row)['Status'];
          // The trade only says an item is fixed, and only an outstanding one (item-review.ts).
          if (!transitionsFrom(current, 'trade').includes('markReady')) {
            throw badRequest(
              itemTransitionError(current, { Status: 'Ready for review' }, 'trade') ??
                MESSAGES.tradeItemNotOpen,
            );
          }
          const ctx = deps.writes.context(request, writer, trx, committed);
          const fileId = `${randomUUID()}.${input.photo.contentType.split('/')[1] ?? 'jpg'}`;
          const stored = await storeFile(
            trx,
            trade.files,
            {
              segments: [ITEM_PHOTO_COLLECTION, id, fileId],
              bytes,
              contentType: input.photo.contentType,
            },
            { id: writer.id, admin: false, pending: false },
            trade.fileLimits,
            ctx.now,
          );
          const changes = {
            Status: 'Ready for review',
            'Review Note': input.note,
            'Review Photos': [
              {
                collection: stored.collection,
                key: stored.key,
                name: fileId,
                type: stored.contentType,
              },
            ],
          };
          const error = itemTransitionError(current, changes, 'trade');
          if (error !== undefined) throw badRequest(error);
          const result = await patchRecord(ctx, deps, row, changes);
          return { statusCode: result.statusCode, body: { id, status: 'Ready for review' } };
        });
        for (const work of committed) work();
        return answer;
      } catch (error) {
        return refused(error, reply);
      }
    },
  );
}

export function tradeRoutes(api: FastifyInstance, deps: RouteDeps, trade: TradeDeps): void {
  staffRoutes(api, deps, trade);
  tradeSideRoutes(api, deps, trade);
}
