// Outgoing mail through nodemailer: SMTP when SMTP_HOST is set; otherwise each mail is
// written to DATA_DIR/outbox/ as an .eml file, so a fresh machine needs no mail server.
// The log says a mail was written and where, never its link: a reset link is a password.

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../../config.js';
import { PRIVATE_FILE_MODE, makePrivateDir } from '../../storage/private-files.js';

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Keeps `work` (a mail sent after the answer) for `close` to wait on; returns it. */
  track<T>(work: Promise<T>): Promise<T>;
  /** Waits for the mails still being sent, then closes the transport. */
  close(): Promise<void>;
}

/**
 * Mails are sent after the request answered (a link must not wait on the mail server);
 * closing waits for them, so a shutdown neither cuts a mail short nor removes the outbox
 * folder while one is being written.
 */
function withPending(mailer: Omit<Mailer, 'track' | 'close'>, closeTransport: () => void): Mailer {
  const pending = new Set<Promise<unknown>>();
  return {
    send: (mail) => mailer.send(mail),
    track(work) {
      const settled = work.then(
        () => undefined,
        () => undefined,
      );
      pending.add(settled);
      void settled.then(() => pending.delete(settled));
      return work;
    },
    async close() {
      await Promise.all(pending);
      closeTransport();
    },
  };
}

export function createMailer(config: MailConfig, dataDir: string, log: FastifyBaseLogger): Mailer {
  const smtp = config.smtp;
  if (smtp !== undefined) {
    const transport: Transporter = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user === undefined ? {} : { auth: { user: smtp.user, pass: smtp.password ?? '' } }),
    });
    return withPending(
      {
        async send(mail) {
          await transport.sendMail({
            from: config.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          });
        },
      },
      () => transport.close(),
    );
  }

  const outbox = path.join(dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return withPending(
    {
      async send(mail) {
        const info = await transport.sendMail({
          from: config.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        await makePrivateDir(outbox);
        const file = path.join(
          outbox,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`,
        );
        await writeFile(file, info.message, { mode: PRIVATE_FILE_MODE });
        log.info({ to: mail.to, file }, `mail written to the outbox folder: ${mail.subject}`);
      },
    },
    () => transport.close(),
  );
}
