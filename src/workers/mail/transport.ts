import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { redactTokenPaths } from '../../infra/logger.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files and inline images (`cid`) built by the job (the tickets' PDF, calendar file and QR codes). */
  attachments?: Mail.Attachment[];
}

export interface MailTransport {
  send(mail: OutgoingMail, meta: { key: string; link?: string }): Promise<{ messageId: string }>;
}

const smtpTransports = new Map<string, Transporter>();

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file into <dataDir>/mail/ and its path
 * is logged (with the link's page, token redacted), so a machine with no mail server still lets people verify
 * accounts and reset passwords: the link is in the file.
 */
export function mailTransport(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, logger: Logger): MailTransport {
  if (config.smtpUrl) {
    let transporter = smtpTransports.get(config.smtpUrl);
    if (!transporter) {
      transporter = nodemailer.createTransport(config.smtpUrl);
      smtpTransports.set(config.smtpUrl, transporter);
    }
    const smtp = transporter;
    return {
      async send(mail) {
        const info = await smtp.sendMail({ from: config.mailFrom, ...mail });
        return { messageId: String(info.messageId) };
      },
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail, meta) {
      const info = await stream.sendMail({ from: config.mailFrom, ...mail });
      const dir = path.join(config.dataDir, 'mail');
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${meta.key.replace(/[^\w-]/g, '_')}.eml`);
      await writeFile(file, info.message as Buffer);
      // The link's token is a secret: the log names the page, the .eml file holds the usable link.
      logger.info({ file, subject: mail.subject, link: meta.link && redactTokenPaths(meta.link) }, 'mail written to file (no SMTP_URL set)');
      return { messageId: String(info.messageId) };
    },
  };
}
