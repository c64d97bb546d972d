import { type MailMessage, type MailSender } from '../src/mail/mail-sender';

/** What arrived at the adapter's destination, as a reader there sees it. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailSenderHarness {
  sender: MailSender;
  /** Everything delivered so far, oldest first. */
  received(): Promise<ReceivedMail[]>;
  /** Extra headers of each delivered message, names in lower case, oldest first. */
  receivedHeaders(): Promise<Record<string, string>[]>;
  /** A sender of the same kind whose destination cannot accept mail. */
  unreachableSender(): MailSender;
}

const message = (over: Partial<MailMessage> = {}): MailMessage => ({
  to: 'aoife@example.test',
  subject: 'Verify your email for Loadout',
  text: 'Hi Aoife,\n\nVerify your email: http://localhost:8080/auth/verify-email?token=a=b&c=d',
  html: '<p>Hi Aoife,</p><p><a href="http://localhost:8080/auth/verify-email?token=a=b&amp;c=d">Verify</a></p>',
  ...over,
});

/**
 * One suite for every MailSender adapter: what the port promises, whatever the transport.
 * `harness` is called once per test, after the adapter-specific setup has run.
 */
export function mailSenderContract(harness: () => MailSenderHarness): void {
  it('delivers the recipient, subject, text and HTML unchanged', async () => {
    const h = harness();
    const sent = message();
    await h.sender.send(sent);
    expect(await h.received()).toEqual([sent]);
  });

  it('keeps non-ASCII text (Irish names, euro sign) and long lines intact', async () => {
    const h = harness();
    const longLine = `Link: http://localhost:8080/auth/reset-password?token=${'x'.repeat(120)}`;
    const sent = message({
      to: 'ciaran@example.test',
      subject: 'Fáilte, Ciarán — €25 fee',
      text: `Dia dhuit Seán Ó Dálaigh,\n\n${longLine}\n\nSláinte`,
      html: `<p>Dia dhuit Seán Ó Dálaigh</p><p>${longLine}</p>`,
    });
    await h.sender.send(sent);
    expect(await h.received()).toEqual([sent]);
  });

  it('delivers each send as its own message, in order', async () => {
    const h = harness();
    await h.sender.send(message({ to: 'one@example.test', subject: 'First' }));
    await h.sender.send(message({ to: 'two@example.test', subject: 'Second' }));
    expect((await h.received()).map((m) => [m.to, m.subject])).toEqual([
      ['one@example.test', 'First'],
      ['two@example.test', 'Second'],
    ]);
  });

  it('delivers extra headers (RFC 8058 List-Unsubscribe) unchanged', async () => {
    const h = harness();
    const headers = {
      'List-Unsubscribe': '<http://localhost:8080/api/v1/notifications/unsubscribe?token=a.b>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    await h.sender.send(message({ headers }));
    const [got] = await h.receivedHeaders();
    expect(got).toMatchObject({
      'list-unsubscribe': headers['List-Unsubscribe'],
      'list-unsubscribe-post': headers['List-Unsubscribe-Post'],
    });
  });

  it('rejects when the destination cannot accept the mail', async () => {
    const h = harness();
    await expect(h.unreachableSender().send(message())).rejects.toBeInstanceOf(Error);
    expect(await h.received()).toEqual([]);
  });
}
