// What the auth hook's cache must forget: a user whose row, scopes or password changed, a
// session that ended. The repositories that make those changes announce them here, after
// they are committed, on the channel of their database: so every repository instance on
// that database reaches the server's cache, and a change made through one module cannot
// be missed by another. With several processes on PostgreSQL the channel also carries
// changes to and from the other processes (modules/cluster/bus.ts). It lives beside the
// hook it serves (auth.ts): the server's plumbing imports no module.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export type AuthChange =
  | { type: 'user'; userId: string }
  | { type: 'session'; sessionId: string }
  /** Anything may have changed (changes of other processes were missed). */
  | { type: 'all' };

type Listener = (change: AuthChange) => void;

export class AuthChanges {
  private readonly listeners = new Set<Listener>();
  /** Forwards this process's changes to other processes (PostgreSQL), when set. */
  private remote: Listener | undefined;

  /** A change made in this process: its listeners hear it, other processes too. */
  publish(change: AuthChange): void {
    this.deliver(change);
    this.remote?.(change);
  }

  /** A change another process made: only this process's listeners hear it. */
  deliver(change: AuthChange): void {
    for (const listener of this.listeners) listener(change);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  forwardTo(remote: Listener | undefined): void {
    this.remote = remote;
  }
}

/** Reads an AuthChange sent by another process; undefined for anything else. */
export function readAuthChange(value: unknown): AuthChange | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const change = value as Record<string, unknown>; // Checked field by field below.
  if (change['type'] === 'user' && typeof change['userId'] === 'string') {
    return { type: 'user', userId: change['userId'] };
  }
  if (change['type'] === 'session' && typeof change['sessionId'] === 'string') {
    return { type: 'session', sessionId: change['sessionId'] };
  }
  if (change['type'] === 'all') return { type: 'all' };
  return undefined;
}

const channels = new WeakMap<object, AuthChanges>();

/** The change channel of a database (one per Kysely instance, made on first use). */
export function authChangesOf(db: Kysely<Database>): AuthChanges {
  let channel = channels.get(db);
  if (channel === undefined) {
    channel = new AuthChanges();
    channels.set(db, channel);
  }
  return channel;
}
