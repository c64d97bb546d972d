import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './parse-mail';

export interface CapturedMail extends ParsedMail {
  /** SMTP envelope (MAIL FROM / RCPT TO), as the server saw it. */
  envelope: { from: string | null; to: string[] };
}

export interface SmtpTestServer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  messages: CapturedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server (npm smtp-server) on 127.0.0.1 that keeps what it receives. No TLS or
 * AUTH, like Mailpit. Recipients at `refused.example.test` get a 550.
 */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@refused.example.test')) {
        const err = Object.assign(new Error('No such user here'), { responseCode: 550 });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        messages.push({
          ...parseMail(Buffer.concat(chunks).toString('latin1')),
          envelope: {
            from: from ? from.address : null,
            to: session.envelope.rcptTo.map((r) => r.address),
          },
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
