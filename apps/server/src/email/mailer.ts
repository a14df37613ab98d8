import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type SendMailOptions } from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The action link the message carries. It is a secret (whoever holds a reset link owns the account): it is
   * never logged; in outbox mode a local user finds it in the message's file.
   */
  link?: string;
  /**
   * A notification e-mail's one-click unsubscribe link (RFC 8058): sent as the List-Unsubscribe header, with
   * List-Unsubscribe-Post saying a POST of `List-Unsubscribe=One-Click` to it is all it takes.
   */
  oneClickUnsubscribeUrl?: string;
}

/** What nodemailer is given for a message, whichever the transport. */
function mailOf(from: string, m: MailMessage): SendMailOptions {
  const { to, subject, text, html, oneClickUnsubscribeUrl } = m;
  if (!oneClickUnsubscribeUrl) return { from, to, subject, text, html };
  const list = { unsubscribe: oneClickUnsubscribeUrl };
  return { from, to, subject, text, html, list, headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when a URL is configured; otherwise each message is written as JSON to `<dataDir>/outbox`. */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail(mailOf(opts.from, m));
        opts.logger.info({ subject: m.subject }, "e-mail sent over SMTP");
      },
    };
  }
  const outbox = path.join(opts.dataDir, "outbox");
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(m) {
      const { subject } = m;
      const info = await transport.sendMail(mailOf(opts.from, m));
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${info.messageId.replace(/[^a-zA-Z0-9]/g, "")}.json`);
      await writeFile(file, info.message, { mode: 0o600 });
      // Only where the message is: its link (a reset token) and its text stay in the file, readable by this user only.
      opts.logger.info({ file, subject }, "e-mail written to the outbox (no SMTP_URL configured)");
    },
  };
}
