import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutgoingMail } from '../repositories/mail-outbox.ts';

export interface MailerOptions {
  /** An SMTP server (smtp://user:pass@host:587, smtps://...); unset writes .eml files instead. */
  smtpUrl?: string;
  /** Where mails are written as .eml files when there is no SMTP server. */
  outboxFolder: string;
  /** The sender address. */
  from: string;
}

export interface Mailer {
  send(mail: OutgoingMail & { id: number }): Promise<void>;
  close(): void;
}

/**
 * Sends mails through SMTP, or, with no SMTP server configured, writes each one as an RFC 5322
 * `.eml` file in the outbox folder (the embedded start's way of showing them: open one with a
 * mail program or read it as text). Both go through nodemailer, so the file is the message an SMTP
 * server would have received.
 */
export function createMailer({ smtpUrl, outboxFolder, from }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      await fs.mkdir(outboxFolder, { recursive: true });
      // Named by the outbox row, so a retry after a crash rewrites the same file.
      const file = path.join(outboxFolder, `${String(mail.id).padStart(8, '0')}.eml`);
      await fs.writeFile(`${file}.part`, info.message as Buffer);
      await fs.rename(`${file}.part`, file);
    },
    close: () => transport.close(),
  };
}
