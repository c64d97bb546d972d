import { createTransport, type Transporter } from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import { AppError } from '@loadout/errors';
import { type MailMessage, type MailSender } from './mail-sender';

export interface SmtpMailSenderOptions {
  /** smtp://host:port (Mailpit: smtp://mailpit:1025) or smtps://user:pass@host:465. */
  url: string;
  /** Sender, e.g. `"Loadout" <no-reply@loadout.ie>`. */
  from: string;
  /** Connection, greeting and socket timeouts; default 10 s, so a dead relay fails the attempt. */
  timeoutMs?: number;
}

/** Sends through an SMTP relay with nodemailer (one connection per message, no pool). */
export class SmtpMailSender implements MailSender {
  private readonly transporter: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(private readonly options: SmtpMailSenderOptions) {
    const timeout = options.timeoutMs ?? 10_000;
    this.transporter = createTransport(
      new SMTPTransport({
        url: options.url,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout * 3,
        // nodemailer would otherwise log envelopes (addresses) through its own logger.
        logger: false,
      }),
    );
  }

  async send(message: MailMessage): Promise<void> {
    let info: SMTPTransport.SentMessageInfo;
    try {
      info = await this.transporter.sendMail({
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      });
    } catch (err) {
      throw smtpFailure(err);
    }
    if (info.rejected.length > 0) {
      throw new AppError(
        'NOTIFICATIONS.MAIL_REJECTED',
        'The mail server refused the recipient.',
        'unavailable',
      );
    }
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * nodemailer's messages can quote the recipient or the server's reply; retries and dead letters
 * record this error, so it keeps only the codes.
 */
function smtpFailure(err: unknown): AppError {
  const e = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  const parts = [
    typeof e.code === 'string' ? e.code : null,
    typeof e.responseCode === 'number' ? `SMTP ${e.responseCode}` : null,
  ].filter(Boolean);
  return new AppError(
    'NOTIFICATIONS.MAIL_FAILED',
    `Sending mail failed${parts.length ? ` (${parts.join(', ')})` : ''}.`,
    'unavailable',
  );
}
