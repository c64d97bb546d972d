import { type MailboxMessageDto } from './dev-mailbox.dto';
import { MAILBOX_TITLE, renderMailboxPage } from './dev-mailbox-page';

const message = (over: Partial<MailboxMessageDto> = {}): MailboxMessageDto => ({
  id: 'm1',
  to: 'aoife@example.ie',
  subject: 'Verify your email for Loadout',
  text: 'Hi Aoife,\n\nVerify your email: http://localhost:8080/auth/verify-email?token=abc&x=1\n',
  html: '<p>ignored</p>',
  createdAt: '2026-11-25T14:30:05.000Z',
  ...over,
});

describe('dev mailbox page', () => {
  it('has the title, a development-only note and the messages with clickable links', () => {
    const html = renderMailboxPage({ messages: [message()] });
    expect(html).toContain(`<title>${MAILBOX_TITLE}</title>`);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('exists only in development and embedded mode');
    expect(html).toContain('<h2 id="message-1">Verify your email for Loadout</h2>');
    expect(html).toContain('<dd>aoife@example.ie</dd>');
    expect(html).toContain(
      '<time datetime="2026-11-25T14:30:05.000Z">25 Nov 2026, 14:30:05</time>',
    );
    expect(html).toContain(
      '<a href="http://localhost:8080/auth/verify-email?token=abc&amp;x=1" rel="noopener noreferrer">',
    );
    expect(html).toContain('1 message, newest first.');
  });

  it('escapes subjects, addresses and bodies, and links only http(s) URLs', () => {
    const html = renderMailboxPage({
      to: '"><script>alert(1)</script>',
      messages: [
        message({
          to: '<img src=x onerror=alert(1)>@example.ie',
          subject: '<script>alert("subject")</script>',
          text: 'javascript:alert(1) <b>bold</b> https://x.ie/"onmouseover="alert(1)',
        }),
      ],
    });
    expect(html).not.toMatch(/<script>alert/);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>bold');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('<a href="https://x.ie/" rel="noopener noreferrer">https://x.ie/</a>');
  });

  it('offers auto-refresh and, when on, reloads with a meta refresh and offers to stop', () => {
    const off = renderMailboxPage({ messages: [] });
    expect(off).not.toContain('http-equiv="refresh"');
    expect(off).toContain('name="refresh" value="5"');
    expect(off).toContain('No messages yet.');

    const on = renderMailboxPage({ messages: [], refresh: 5, to: 'a@b.ie' });
    expect(on).toContain('<meta http-equiv="refresh" content="5">');
    expect(on).toContain('href="mailbox?to=a%40b.ie">Stop auto-refresh</a>');
    expect(on).toContain('this page reloads every 5 seconds');
  });
});
