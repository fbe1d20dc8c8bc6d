// A real SMTP server on loopback (smtp-server) that keeps every mail it receives, so
// tests send through the production SMTP transport and read what arrived.

import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  port: number;
  mails: ReceivedMail[];
  /** The next mail to that address (waits up to 5 s). */
  waitFor(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const seen = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port; // Safe: listening on TCP.
  return {
    port,
    mails,
    async waitFor(to) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const mail = mails.find((m) => !seen.has(m) && m.to.includes(to.toLowerCase()));
        if (mail !== undefined) {
          seen.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the link to `path` in a mail (quoted-printable soft breaks undone). */
export function linkTokenOf(mail: ReceivedMail, path: string): string {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`${path}\\?token=([\\w%-]+)`).exec(text);
  if (match?.[1] === undefined) throw new Error(`no ${path} link in the mail`);
  return decodeURIComponent(match[1]);
}

/** The token of the password reset link in a mail. */
export function resetTokenOf(mail: ReceivedMail): string {
  return linkTokenOf(mail, '/reset-password');
}
