import nodemailer from "nodemailer";
import type { MailTransport } from "./outbox.js";

/** SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465), from MAIL_FROM. */
export function smtpTransport(smtpUrl: string, from: string): MailTransport & { close(): void } {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: "smtp",
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments?.map((a) => ({ filename: a.fileName, contentType: a.contentType, content: Buffer.from(a.content) })),
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * The embedded default, with no SMTP configured: a message is "delivered" by staying in the outbox
 * table, where the development page /dev/outbox shows it.
 */
export const devOutboxTransport: MailTransport = { name: "dev-outbox", send: async () => {} };
