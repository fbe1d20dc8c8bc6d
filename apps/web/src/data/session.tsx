// Who is signed in and what they may do. On start the session is restored from the
// refresh cookie; with no connection the last signed-in user's document (kept in the
// device database, no secret in it) lets the app open offline, and the session refreshes
// as soon as the connection returns. The access token lives in the API client's memory.
// Signing out clears the device's data for the next user (offline/sign-out.ts).

import type { ReactNode } from 'react';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Access, UserDocument } from '@field/domain';
import { LOCAL_DB, MESSAGES, resolveAccess, userDocumentSchema } from '@field/domain';
import type { ApiClient, HttpMethod, Parser, RequestOptions } from '../api/client';
import { ApiError, apiClient } from '../api/client';
import { toast } from '../lib/toast';
import { useOptionalOfflineEngine } from '../offline/engine-context';
import { SessionChangedError, sessionUserId, setSessionUser } from '../offline/session-user';
import { refreshSession, signOutOnServer, takeFirstRefresh } from './session-api';

const CACHED_USER_KEY = 'session:user';

export type SessionStatus = 'restoring' | 'ready';

export interface Session {
  status: SessionStatus;
  user: UserDocument | null;
  access: Access | null;
  /** Signed in from the device's copy while the server could not be reached. */
  offline: boolean;
  /** The user signed out (rather than the session ending): the next sign-in starts afresh. */
  signedOut: boolean;
  setUser: (user: UserDocument | null) => void;
  /**
   * Ends the session here and on the server (later, if it cannot be reached now) and
   * clears the device's data; rejects when the device could not be cleared.
   */
  signOut: (options?: SignOutOptions) => Promise<void>;
}

export interface SignOutOptions {
  /** Keep the user's unsent writes and drafts on the device (for their next sign-in). */
  keepUnsent?: boolean;
}

const SessionContext = createContext<Session | null>(null);

/** The mounted provider's refresh, shared with the write queue (one refresh at a time). */
let providerRefresh: (() => Promise<boolean>) | null = null;
const signedInListeners = new Set<() => void>();

/**
 * For the offline engine after a 401: the session's own refresh (the same promise the
 * header and the online listener wait on, so they never race), true when a new access
 * token was set.
 */
export async function refreshForQueue(): Promise<boolean> {
  if (providerRefresh !== null) return providerRefresh();
  try {
    return (await refreshSession()) !== null;
  } catch {
    return false;
  }
}

/** Whether the mounted provider has a user (signed in, or restored offline). */
let providerHasUser = false;

/**
 * With a user but no access token (a reload offline), the session refreshes first. The
 * queue checked the write's author against the session's user before calling: if the
 * refresh brought someone else's session, the write is not sent.
 */
async function ensureToken(): Promise<void> {
  if (!apiClient.hasToken() && providerHasUser && providerRefresh !== null) {
    const before = sessionUserId();
    await providerRefresh();
    if (sessionUserId() !== before) throw new SessionChangedError();
  }
}

/**
 * The API client of the write queue: when the connection returns after the app was
 * opened offline, the session refreshes before a queued write is sent (rather than the
 * write meeting a 401 first).
 */
export const queueClient: ApiClient = {
  ...apiClient,
  async get<T>(path: string, parser: Parser<T>, options?: RequestOptions): Promise<T> {
    await ensureToken();
    return apiClient.get(path, parser, options);
  },
  async post<T>(path: string, body: unknown, parser: Parser<T>, options?: RequestOptions) {
    await ensureToken();
    return apiClient.post(path, body, parser, options);
  },
  async postBytes(path: string, body: unknown, options?: RequestOptions) {
    await ensureToken();
    return apiClient.postBytes(path, body, options);
  },
  async patch<T>(path: string, body: unknown, parser: Parser<T>, options?: RequestOptions) {
    await ensureToken();
    return apiClient.patch(path, body, parser, options);
  },
  async delete<T>(path: string, parser: Parser<T>, options?: RequestOptions): Promise<T> {
    await ensureToken();
    return apiClient.delete(path, parser, options);
  },
  async request<T>(
    method: HttpMethod,
    path: string,
    body: unknown,
    parser: Parser<T>,
    options?: RequestOptions,
  ): Promise<T> {
    await ensureToken();
    return apiClient.request(method, path, body, parser, options);
  },
};

/** Called each time a user is signed in (queued writes waiting on a sign-in can go). */
export function onSignedIn(listener: () => void): () => void {
  signedInListeners.add(listener);
  return () => {
    signedInListeners.delete(listener);
  };
}

/**
 * The device database, loaded when first needed: the guest screens do without Dexie
 * (docs/performance.md, "first load"). Null where the browser has no IndexedDB.
 */
async function deviceDatabase() {
  if (typeof indexedDB === 'undefined' || indexedDB === null) return null;
  const { getFieldDatabase } = await import('../offline/database');
  return getFieldDatabase();
}

/**
 * Whether this device may hold the database at all. A first visit has none, so forgetting
 * "no user" there needs neither Dexie nor a new, empty database. True where the browser
 * cannot list its databases.
 */
async function mayHaveDeviceDatabase(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || indexedDB === null) return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((info) => info.name === LOCAL_DB.name);
  } catch {
    return true;
  }
}

async function cacheUser(user: UserDocument | null): Promise<void> {
  try {
    if (user === null && !(await mayHaveDeviceDatabase())) return;
    const db = await deviceDatabase();
    if (db === null) return;
    const table = db.metadata;
    if (user === null) await table.delete(CACHED_USER_KEY);
    else await table.put({ key: CACHED_USER_KEY, value: user });
  } catch (error) {
    console.warn('Could not keep the signed-in user on the device', error);
  }
}

async function cachedUser(): Promise<UserDocument | null> {
  try {
    const db = await deviceDatabase();
    if (db === null) return null;
    const row = await db.metadata.get(CACHED_USER_KEY);
    const parsed = userDocumentSchema.safeParse(row?.value);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>('restoring');
  const [user, setUserState] = useState<UserDocument | null>(null);
  const [offline, setOffline] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const refreshing = useRef<Promise<boolean> | null>(null);
  const engine = useOptionalOfflineEngine();

  const setUser = useCallback((next: UserDocument | null) => {
    setSessionUser(next?.id ?? null);
    setUserState(next);
    setOffline(false);
    if (next !== null) {
      setSignedOut(false);
      for (const listener of signedInListeners) listener();
    }
    void cacheUser(next);
  }, []);

  /**
   * One refresh at a time; a network failure keeps whoever is signed in. Resolves true
   * when a new access token was set.
   */
  const refresh = useCallback((run = refreshSession): Promise<boolean> => {
    refreshing.current ??= (async () => {
      try {
        const restored = await run();
        if (restored === null) setUser(null);
        else setUser(restored);
        return restored !== null;
      } catch (error) {
        // The server answered but gave no user (a server error, an answer not understood):
        // the fetch-user toast. No answer at all is the offline case and says nothing here.
        const answered = !(error instanceof ApiError) || error.kind === undefined;
        if (answered) toast(MESSAGES.fetchUserFailed, 'error');
        const cached = await cachedUser();
        // Opened offline: the device's user owns the writes queued now (no token yet).
        if (sessionUserId() === null && cached !== null) setSessionUser(cached.id);
        setUserState((current) => current ?? cached);
        setOffline(true);
        return false;
      } finally {
        refreshing.current = null;
        // The first answer swaps the loading screen for the first screen, the page's largest
        // render: as a transition React renders it in slices that let input and paint
        // through, not as one long task (docs/performance.md). Later calls change nothing.
        startTransition(() => setStatus('ready'));
      }
    })();
    return refreshing.current;
  }, [setUser]);

  // The first refresh is started before the first render (main.tsx), or here, in the commit
  // that first shows a screen, before the browser paints it: the sign-in form shows while
  // it is under way, and a sign-in waits for a refresh only if it has begun
  // (data/session-api.ts), so none may be sent before it.
  useLayoutEffect(() => {
    void refresh(takeFirstRefresh);
  }, [refresh]);

  useEffect(() => {
    providerHasUser = user !== null;
  }, [user]);

  useEffect(() => {
    providerRefresh = refresh;
    return () => {
      if (providerRefresh === refresh) providerRefresh = null;
    };
  }, [refresh]);

  // Back online with a user but no token: refresh before anything else is sent.
  useEffect(() => {
    const onOnline = () => {
      if (!apiClient.hasToken()) void refresh();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [refresh]);

  // An expired or revoked access token: try the refresh cookie once, else sign out.
  useEffect(() => apiClient.onUnauthorized(() => void refresh()), [refresh]);

  const signOut = useCallback(
    async (options: SignOutOptions = {}) => {
      const leaving = sessionUserId() ?? user?.id ?? null;
      // The token and the session's user go first: nothing more is sent as this user.
      const server = signOutOnServer();
      if (engine !== null) {
        const { clearDeviceForSignOut } = await import('../offline/sign-out');
        await clearDeviceForSignOut(engine, {
          user: leaving,
          keepUnsent: options.keepUnsent === true,
        });
      }
      await server;
      setSignedOut(true);
      setUser(null);
    },
    [engine, setUser, user],
  );

  const value = useMemo<Session>(
    () => ({
      status,
      user,
      access: user === null ? null : resolveAccess(user.scopes),
      offline,
      signedOut,
      setUser,
      signOut,
    }),
    [status, user, offline, signedOut, setUser, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession needs a SessionProvider');
  return session;
}

/** The signed-in user and access; only for screens behind the sign-in guard. */
export function useSignedIn(): {
  user: UserDocument;
  access: Access;
  signOut: (options?: SignOutOptions) => Promise<void>;
} {
  const { user, access, signOut } = useSession();
  if (user === null || access === null) throw new Error('useSignedIn outside the signed-in shell');
  return { user, access, signOut };
}
