// The session calls: sign in, register, refresh and sign out. The access token goes to
// the API client's memory; the refresh token stays in its HttpOnly cookie, out of reach
// of any script. The token and the session's user id (offline/session-user.ts, which the
// write queue checks) are always set together.
//
// Signing out works offline too: the token goes at once, and the server's logout (which
// revokes the refresh cookie) is remembered as pending and done before the next refresh or
// sign-in, so the cookie left behind cannot bring the previous user back.

import type {
  AuthProvider,
  RegistrationAnswer,
  SessionAnswer,
  UserDocument,
} from '@field/domain';
import {
  authProvidersAnswerSchema,
  invitationAnswerSchema,
  registrationAnswerSchema,
  sessionAnswerSchema,
} from '@field/domain';
import { ApiError, anyJson, apiClient } from '../api/client';
import { setSessionUser } from '../offline/session-user';

const PATHS = {
  login: '/api/auth/login',
  register: '/api/auth/register',
  refresh: '/api/auth/refresh',
  logout: '/api/auth/logout',
  forgot: '/api/auth/forgot-password',
  reset: '/api/auth/reset-password',
  providers: '/api/auth/providers',
  registration: '/api/auth/registration',
  invitation: '/api/auth/invitation',
  acceptInvitation: '/api/auth/accept-invitation',
  verifyEmail: '/api/auth/verify-email',
  resendVerification: '/api/auth/resend-verification',
} as const;

function started(answer: SessionAnswer): UserDocument {
  apiClient.setToken(answer.accessToken);
  setSessionUser(answer.user.id);
  return answer.user;
}

function ended(): void {
  apiClient.setToken(null);
  setSessionUser(null);
}

/** Set while a sign-out has not reached the server (kept across reloads and tabs). */
const LOGOUT_PENDING_KEY = 'field-app:logout-pending';

function pendingLogout(): boolean {
  try {
    return localStorage.getItem(LOGOUT_PENDING_KEY) !== null;
  } catch {
    return false;
  }
}

function setPendingLogout(pending: boolean): void {
  try {
    if (pending) localStorage.setItem(LOGOUT_PENDING_KEY, String(Date.now()));
    else localStorage.removeItem(LOGOUT_PENDING_KEY);
  } catch {
    // No local storage: the logout is tried once, at sign-out.
  }
}

/**
 * The server's half of a sign-out that could not reach it: revokes the refresh cookie.
 * Throws while the server cannot be reached (the sign-out stays pending).
 */
async function finishPendingLogout(): Promise<void> {
  if (!pendingLogout()) return;
  try {
    await apiClient.post(PATHS.logout, {}, anyJson);
  } catch (error) {
    // The server answered and refused (never expected): retrying would not help.
    const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
    if (!refused) throw error;
  }
  setPendingLogout(false);
}

export interface Credentials {
  email: string;
  password: string;
}

/**
 * The refresh under way, if any. A sign-in or registration waits for it to end first: a
 * refresh answered after them (no session yet, a 401) would otherwise clear their token.
 */
let refreshing: Promise<unknown> | null = null;

async function afterRefresh(): Promise<void> {
  await refreshing?.catch(() => undefined);
}

export async function signIn(credentials: Credentials): Promise<UserDocument> {
  await afterRefresh();
  await finishPendingLogout();
  return started(await apiClient.post(PATHS.login, credentials, sessionAnswerSchema));
}

export interface Registration extends Credentials {
  firstName: string;
  lastName: string;
}

export async function register(input: Registration): Promise<UserDocument> {
  await afterRefresh();
  await finishPendingLogout();
  return started(await apiClient.post(PATHS.register, input, sessionAnswerSchema));
}

/**
 * A new access token from the refresh cookie. Null when there is no session (401);
 * throws when the server cannot be reached, so the caller can keep the offline session.
 */
export async function refreshSession(): Promise<UserDocument | null> {
  // One tab refreshes at a time: the cookie rotates, so a second tab refreshing at the same
  // moment would present the old token and look like a stolen one.
  const run =
    typeof navigator !== 'undefined' && 'locks' in navigator
      ? navigator.locks.request('field-session-refresh', () => refreshOnce())
      : refreshOnce();
  refreshing = run;
  try {
    return await run;
  } finally {
    if (refreshing === run) refreshing = null;
  }
}

/**
 * The page's first refresh (is there a session?), started by `main.tsx` as soon as the
 * modules have run rather than when the first render commits: at 4x CPU on a phone that
 * commit comes ~0.8 s later, behind the screens' and the engine's code, and the answer's
 * round trip then adds to it instead of overlapping it (docs/performance.md).
 */
let firstRefresh: Promise<UserDocument | null> | null = null;

export function startFirstRefresh(): void {
  firstRefresh ??= refreshSession();
  // Its outcome is read (and its failure handled) by the session's provider.
  firstRefresh.catch(() => undefined);
}

/** The first refresh, once (started here if `main.tsx` did not); later calls refresh anew. */
export function takeFirstRefresh(): Promise<UserDocument | null> {
  const run = firstRefresh ?? refreshSession();
  firstRefresh = null;
  return run;
}

async function refreshOnce(): Promise<UserDocument | null> {
  if (pendingLogout()) {
    // Signed out while the server was away: the cookie is revoked, not used.
    await finishPendingLogout();
    ended();
    return null;
  }
  try {
    return started(await apiClient.post(PATHS.refresh, {}, sessionAnswerSchema));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      ended();
      return null;
    }
    throw error;
  }
}

/**
 * Ends the session here, then on the server (the refresh cookie revoked). Resolves
 * `onServer: false` when the server could not be reached: the logout stays pending and is
 * done before the next refresh or sign-in.
 */
export async function signOutOnServer(): Promise<{ onServer: boolean }> {
  ended();
  setPendingLogout(true);
  try {
    await finishPendingLogout();
    return { onServer: true };
  } catch {
    return { onServer: false };
  }
}

export async function requestPasswordReset(email: string): Promise<void> {
  await apiClient.post(PATHS.forgot, { email }, anyJson);
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await apiClient.post(PATHS.reset, { token, password }, anyJson);
}

/** Who may register themselves on this server. */
export function registrationPolicy(): Promise<RegistrationAnswer> {
  return apiClient.get(PATHS.registration, registrationAnswerSchema);
}

/** Whom an invitation link is for (throws the server's message when it is no longer valid). */
export function invitationOf(token: string) {
  return apiClient.get(
    `${PATHS.invitation}?token=${encodeURIComponent(token)}`,
    invitationAnswerSchema,
  );
}

/** Sets the invited person's first password and signs them in. */
export async function acceptInvitation(token: string, password: string): Promise<UserDocument> {
  await afterRefresh();
  await finishPendingLogout();
  return started(
    await apiClient.post(PATHS.acceptInvitation, { token, password }, sessionAnswerSchema),
  );
}

export async function verifyEmail(token: string): Promise<void> {
  await apiClient.post(PATHS.verifyEmail, { token }, anyJson);
}

export async function resendVerification(): Promise<void> {
  await apiClient.post(PATHS.resendVerification, {}, anyJson);
}

/** The sign-in providers this server is set up for. */
export async function listProviders(): Promise<AuthProvider[]> {
  return (await apiClient.get(PATHS.providers, authProvidersAnswerSchema)).providers;
}

/** Where a provider's popup flow starts; the callback page posts the outcome back. */
export function providerStartUrl(provider: string, returnTo: string): string {
  return `/api/auth/oidc/${encodeURIComponent(provider)}/start?mode=popup&returnTo=${encodeURIComponent(returnTo)}`;
}
