import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message; an image with a `cid` shows inline in the HTML (`<img src="cid:…">`). */
  attachments?: { filename: string; content: Buffer; contentType?: string; cid?: string }[];
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real SMTP through SMTP_URL; without it, each message is written as an .eml file under
 * DATA_DIR/outbox and logged, so a local run can still read reset codes.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(m) {
        await transport.sendMail({ from: config.MAIL_FROM, ...m });
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...m });
      mkdirSync(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.eml`);
      writeFileSync(file, info.message as Buffer);
      log.info({ to: m.to, subject: m.subject, file }, 'mail written to outbox (SMTP_URL unset)');
    },
  };
}
