// Whose session this tab holds: the id of the user the API client's access token belongs
// to (or, opened offline, the user restored from the device), null when signed out. The
// session code sets it in the same step as the token, so a queued write checked against
// it is never sent under another user's token. The write queue stamps each write with it
// and sends only the current user's writes; the hooks show only the current user's.

let current: string | null = null;
const listeners = new Set<() => void>();

export function sessionUserId(): string | null {
  return current;
}

export function setSessionUser(id: string | null): void {
  if (id === current) return;
  current = id;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore; returns an unsubscribe. */
export function subscribeSessionUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The signed-in user changed while a queued write waited for a token: it is not sent. */
export class SessionChangedError extends Error {
  constructor() {
    super('The signed-in user changed before the write was sent');
    this.name = 'SessionChangedError';
  }
}

/** Whether a stored item (write, draft) may be seen or sent by `user`: untagged or theirs. */
export function belongsTo(author: string | undefined, user: string | null): boolean {
  return author === undefined || author === user;
}
