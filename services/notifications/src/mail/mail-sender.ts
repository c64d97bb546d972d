/** One email, already rendered. Bodies carry tokens: never log them. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. RFC 8058 `List-Unsubscribe` and `List-Unsubscribe-Post`. */
  headers?: Record<string, string>;
}

/**
 * The mail port. Adapters: DevMailboxSender (stores mail for /dev/mailbox, embedded mode) and
 * SmtpMailSender (Mailpit in compose, a real relay in Kubernetes). `send` resolves once the
 * message is accepted and rejects otherwise; the event consumer retries a rejected send.
 */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}

export const MAIL_SENDER = Symbol('MAIL_SENDER');
