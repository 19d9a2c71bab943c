// Email (docs/decisions/1427): one small module every part of the service sends
// through (invitations, password resets, account notices; alerts later). nodemailer
// over SMTP when SMTP_URL is set; without it nothing is sent and callers say so
// (`emailConfigured()`): the dashboard shows admins the links to pass on instead.
// A message is plain text (and optionally HTML) to one recipient, from EMAIL_FROM.
// Sending is awaited by callers that must tell the person whether it went out; a
// failure is an error they handle (log it, show the link), never a 5xx of theirs.
import { createTransport } from "nodemailer";
import { env, type Env } from "@/lib/env";

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** files sent with the message (a scheduled report's CSV) */
  attachments?: { filename: string; content: string; contentType: string }[];
};

/** Thrown when the SMTP server could not take a message (the cause says why; never shown to users). */
export class EmailNotSent extends Error {
  constructor(cause: unknown) {
    super("the email could not be sent", { cause });
    this.name = "EmailNotSent";
  }
}

/** Whether email is configured (SMTP_URL): otherwise callers show the link instead of sending it. */
export function emailConfigured(): boolean {
  return Boolean(env().SMTP_URL);
}

/** The sender: EMAIL_FROM, or "Sports Moment Ads <no-reply@{the public host}>". */
export function emailSender(current: Env = env()): string {
  if (current.EMAIL_FROM) return current.EMAIL_FROM;
  return `Sports Moment Ads <no-reply@${new URL(current.PUBLIC_BASE_URL).hostname}>`;
}

/** One transport per SMTP_URL, reused (nodemailer keeps no connection open between messages unless pooled). */
type Transport = ReturnType<typeof smtpTransport>;

const smtpTransport = (url: string) =>
  createTransport({
    url,
    // a slow or silent server fails the send instead of holding the request
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  });

let cached: { url: string; transport: Transport } | undefined;

function transport(url: string): Transport {
  if (cached?.url !== url) cached = { url, transport: smtpTransport(url) };
  return cached.transport;
}

/** Sends `message`; EmailNotSent when email is not configured or the server refused or failed. */
export async function sendEmail(message: EmailMessage): Promise<void> {
  const url = env().SMTP_URL;
  if (!url) throw new EmailNotSent(new Error("SMTP_URL is not set"));
  try {
    await transport(url).sendMail({
      from: emailSender(),
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html !== undefined && { html: message.html }),
      ...(message.attachments?.length && { attachments: message.attachments }),
    });
  } catch (error) {
    throw new EmailNotSent(error);
  }
}
