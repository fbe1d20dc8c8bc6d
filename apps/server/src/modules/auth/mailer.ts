// Outgoing mail through nodemailer: SMTP when SMTP_HOST is set; otherwise each mail is
// written to DATA_DIR/outbox/ as an .eml file and its link logged, so a fresh machine
// needs no mail server.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link of the mail, logged by the dev transport. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
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
    return {
      async send(mail) {
        await transport.sendMail({
          from: config.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      },
      close: () => transport.close(),
    };
  }

  const outbox = path.join(dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`,
      );
      await writeFile(file, info.message);
      log.info(
        { to: mail.to, file, link: mail.link },
        `mail written to the outbox: ${mail.subject}`,
      );
    },
    close: () => transport.close(),
  };
}
