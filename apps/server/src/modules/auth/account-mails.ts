// The mails of the account links (docs/api.md, "Accounts and sessions"): a password reset,
// an invitation an admin sent, and the verification of a registered address. Each carries a
// one-time link (password-resets.ts) to the web app's screen for it.

import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../users/repository.js';
import type { Mailer } from './mailer.js';
import type { LinkPurpose, PasswordResets } from './password-resets.js';

export type AccountMailKind = 'reset' | 'welcome' | 'verify';

interface MailWords {
  purpose: LinkPurpose;
  path: string;
  subject: string;
  intro: string;
  outro: string;
}

const WORDS: Readonly<Record<AccountMailKind, MailWords>> = {
  reset: {
    purpose: 'reset',
    path: '/reset-password',
    subject: 'Reset your Field App password',
    intro: 'Open this link to choose a new password:',
    outro: 'If you did not ask for it, ignore this mail; your password stays as it is.',
  },
  welcome: {
    purpose: 'invite',
    path: '/invitation',
    subject: 'Your Field App account',
    intro:
      'You are invited to the Field App. Open this link to choose your password and see your homes:',
    outro: 'After that, sign in with this email address.',
  },
  verify: {
    purpose: 'verify',
    path: '/verify-email',
    subject: 'Confirm your e-mail address for the Field App',
    intro: 'Open this link to confirm that this address is yours:',
    outro: 'An administrator approves your account once the address is confirmed.',
  },
};

/**
 * Mails a one-time link of the given kind. Failures are logged, never shown: the caller
 * already answered.
 */
export function sendPasswordMail(
  deps: { resets: PasswordResets; mailer: Mailer; publicUrl: string },
  request: Pick<FastifyRequest, 'log'>,
  user: UserRow,
  kind: AccountMailKind,
): Promise<void> {
  // Tracked, so a server closing waits for the mail (mailer.ts).
  return deps.mailer.track(sendNow(deps, request, user, kind));
}

async function sendNow(
  deps: { resets: PasswordResets; mailer: Mailer; publicUrl: string },
  request: Pick<FastifyRequest, 'log'>,
  user: UserRow,
  kind: AccountMailKind,
): Promise<void> {
  const words = WORDS[kind];
  try {
    const token = await deps.resets.create(user.id, new Date().toISOString(), words.purpose);
    const link = `${deps.publicUrl}${words.path}?token=${encodeURIComponent(token)}`;
    await deps.mailer.send(
      accountMail(user.email, user.first_name, link, deps.resets.ttlOf(words.purpose), words),
    );
  } catch (err) {
    request.log.error({ err, kind }, 'sending the account mail failed');
  }
}

function lifetimeOf(ttlMinutes: number): string {
  if (ttlMinutes % (24 * 60) === 0) {
    const days = ttlMinutes / (24 * 60);
    return `${days} day${days === 1 ? '' : 's'}`;
  }
  if (ttlMinutes % 60 === 0) return `${ttlMinutes / 60} hour${ttlMinutes === 60 ? '' : 's'}`;
  return `${ttlMinutes} minutes`;
}

function accountMail(
  to: string,
  firstName: string,
  link: string,
  ttlMinutes: number,
  words: MailWords,
): Parameters<Mailer['send']>[0] {
  const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const lifetime = lifetimeOf(ttlMinutes);
  const greeting = firstName === '' ? 'Hello,' : `Hello ${firstName},`;
  const { intro, outro } = words;
  return {
    to,
    subject: words.subject,
    text: `${greeting}\n\n${intro}\n${link}\n\nThe link works once and for ${lifetime}. ${outro}\n`,
    html: `<p>${escape(greeting)}</p><p>${escape(intro)}</p><p><a href="${escape(link)}">${escape(link)}</a></p><p>The link works once and for ${lifetime}. ${escape(outro)}</p>`,
  };
}
