// A real local SMTP server (smtp-server) for integration tests: every message the
// app sends through lib/email is received, parsed with mailparser and kept, so a
// test reads what was sent (the invitation link, the reset link) as a person
// would. start() points SMTP_URL at it; stop() closes it and unsets SMTP_URL.
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { reloadEnv } from "@/lib/env";

export type ReceivedMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** the files attached (a scheduled report's CSV), as text */
  attachments: { filename: string; contentType: string; content: string }[];
};

export type TestSmtpServer = {
  mails: ReceivedMail[];
  /** the messages sent to `to` so far */
  to(to: string): ReceivedMail[];
  /** waits until `count` messages reached `to` (the sends of "forgot password" finish after the answer) */
  waitFor(to: string, count?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
};

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            attachments: parsed.attachments.map((file) => ({
              filename: file.filename ?? "",
              contentType: file.contentType,
              content: file.content.toString("utf8"),
            })),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  reloadEnv();
  const to = (address: string) => mails.filter((mail) => mail.to.includes(address));
  return {
    mails,
    to,
    async waitFor(address, count = 1) {
      for (let tries = 0; tries < 200 && to(address).length < count; tries++)
        await new Promise((resolve) => setTimeout(resolve, 25));
      return to(address);
    },
    async stop() {
      delete process.env.SMTP_URL;
      reloadEnv();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The first link of a message to a path of the app (http://sma.test/invite#…). */
export function linkIn(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`https?://\\S+${path}\\S+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[0];
}
