// Who reaches this server, as the configuration says: the proxy in front of it
// (TRUST_PROXY) and whether people on other machines reach it at all, which decides
// whether the demo company's accounts (with their known password) may be seeded: the one
// rule (docs/configuration.md, "Demo data"). The demo seeds by itself only for the embedded
// database of `npm start` listening on loopback with no PUBLIC_URL and no trusted proxy in
// front; SEED_DEMO=true or false overrides it either way.

import { isIP } from 'node:net';
import type { z } from 'zod';

/** Names of address ranges Fastify's trustProxy (proxy-addr) takes besides addresses. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, an address/prefix (CIDR, or IPv4 address/netmask), or a range name. */
function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (family === 4 && isIP(prefix) === 4) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (none), or the proxies' addresses and CIDRs, comma-separated.
 * `true` is refused: it would trust an X-Forwarded-For any client writes itself, and so
 * give every request the address it claims (docs/decisions.md, Security review findings).
 */
export function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | string[] {
  if (value === 'false' || value === '') return false;
  if (value === 'true' || /^\d+$/.test(value)) {
    ctx.addIssue({
      code: 'custom',
      message:
        `TRUST_PROXY=${value} would believe the X-Forwarded-For header any client sends, so ` +
        'per-address limits (sign-in) would count whatever address a client claims. Set the ' +
        "proxy's own addresses or CIDRs instead, for example TRUST_PROXY=10.0.0.5 or " +
        'TRUST_PROXY=10.0.0.0/8,loopback (docs/configuration.md)',
    });
    return false;
  }
  const entries = value
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  for (const entry of entries) {
    if (!isProxyAddress(entry)) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY: "${entry}" is not an address, a CIDR (10.0.0.0/8) or loopback, linklocal, uniquelocal`,
      });
    }
  }
  return entries;
}

/** What the rule reads of the configuration. */
export interface ExposureSettings {
  host: string;
  /** PUBLIC_URL was set (http or https: users reach the app at an address of its own). */
  publicUrlExplicit: boolean;
  /** TRUST_PROXY: a proxy in front forwards requests from elsewhere (TLS or not). */
  trustProxy: false | string[];
  databaseUrl: string | undefined;
  /** SEED_DEMO, when set. */
  seedDemo: boolean | undefined;
}

/** `localhost`, 127.0.0.0/8 and ::1 (also written `[::1]` or as an IPv4-mapped address). */
function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name === '::1') return true;
  const v4 = name.replace(/^::ffff:/, '');
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Whether people on other machines can reach the server: it listens beyond loopback
 * (`HOST=0.0.0.0`, an address of the network), or it is served at a PUBLIC_URL, or it
 * trusts a proxy that forwards to it.
 */
export function servedToNetwork(s: Omit<ExposureSettings, 'databaseUrl' | 'seedDemo'>): boolean {
  const proxied = s.trustProxy !== false && s.trustProxy.length > 0;
  return !isLoopbackHost(s.host) || s.publicUrlExplicit || proxied;
}

/**
 * Whether an empty database gets the demo company and its accounts: SEED_DEMO when set;
 * otherwise only the embedded database, on loopback, served to no one else.
 */
export function seedsDemo(s: ExposureSettings): boolean {
  if (s.seedDemo !== undefined) return s.seedDemo;
  return s.databaseUrl === undefined && !servedToNetwork(s);
}
