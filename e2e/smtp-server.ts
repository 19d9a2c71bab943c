// The SMTP server of the e2e run (smtp-server, parsed with mailparser): every
// message the app sends (invitations, password resets) is written as JSON to a
// folder of the run's data directory, where the specs (other processes) read
// it as a person reads their inbox. playwright.config.ts starts it before the
// app, whose SMTP_URL names its port.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type Mail = {
  to: string[];
  subject: string;
  text: string;
  /** the files attached (a scheduled report's CSV): names and types */
  attachments?: { filename: string; contentType: string }[];
};

function mailDir(dataDir: string): string {
  return join(dataDir, "mail");
}

export async function startSmtpServer(dataDir: string): Promise<number> {
  const dir = mailDir(dataDir);
  mkdirSync(dir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: Mail = {
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            attachments: parsed.attachments.map((file) => ({
              filename: file.filename ?? "",
              contentType: file.contentType,
            })),
          };
          writeFileSync(join(dir, `${Date.now()}-${++sequence}.json`), JSON.stringify(mail));
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // it lives as long as the test runner and must not keep it from exiting
  server.server.unref();
  return (server.server.address() as AddressInfo).port;
}

/** The messages sent to `to` so far, oldest first. */
export function mailsTo(to: string): Mail[] {
  const dir = mailDir(process.env.E2E_DATA_DIR!);
  return readdirSync(dir)
    .sort((a, b) => a.localeCompare(b, "en", { numeric: true }))
    .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as Mail)
    .filter((mail) => mail.to.includes(to.toLowerCase()));
}

/** Waits for the `count`th message to `to` and returns its first link to `path` (/invite#, /reset-password#). */
export async function linkMailedTo(to: string, path: string, count = 1): Promise<string> {
  await expect.poll(() => mailsTo(to).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  const mail = mailsTo(to)[count - 1]!;
  const match = new RegExp(`https?://\\S+${path}\\S+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[0];
}
