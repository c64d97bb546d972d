import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SinkMail {
  to: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  mails: SinkMail[];
  /** The first mail to `to` whose decoded text matches `pattern`, waiting for it. */
  waitFor(to: string, pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  close(): Promise<void>;
}

/** Undoes quoted-printable soft breaks and escapes (Keycloak's mails use it for long links). */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A local SMTP server that keeps every message (what Keycloak sends in the journeys). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SinkMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    mails,
    async waitFor(to, pattern, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        for (const mail of mails) {
          if (!mail.to.includes(to.toLowerCase())) continue;
          const match = pattern.exec(decodeQuotedPrintable(mail.raw));
          if (match) return match;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
