// Whether this server is reachable from beyond the machine it runs on, and so whether the
// demo company's accounts (with their known password) may be seeded: the one rule
// (docs/configuration.md, "Demo data"). The demo seeds by itself only for the embedded
// database of `npm start` listening on loopback with no PUBLIC_URL and no trusted proxy in
// front; SEED_DEMO=true or false overrides it either way.

/** What the rule reads of the configuration. */
export interface ExposureSettings {
  host: string;
  /** PUBLIC_URL was set (http or https: users reach the app at an address of its own). */
  publicUrlExplicit: boolean;
  /** TRUST_PROXY: a proxy in front forwards requests from elsewhere (TLS or not). */
  trustProxy: boolean | string[];
  databaseUrl: string | undefined;
  /** SEED_DEMO, when set. */
  seedDemo: boolean | undefined;
}

/** `localhost`, 127.0.0.0/8 and ::1 (also written `[::1]` or as an IPv4-mapped address). */
export function isLoopbackHost(host: string): boolean {
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
  const proxied = Array.isArray(s.trustProxy) ? s.trustProxy.length > 0 : s.trustProxy;
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
