import { escapeHtml, htmlLink, linkifyText, safeHttpUrl } from './html';

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('safeHttpUrl', () => {
  it('accepts http and https URLs only', () => {
    expect(safeHttpUrl('https://loadout.ie/a?b=1')).toBe('https://loadout.ie/a?b=1');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(safeHttpUrl('/relative')).toBeNull();
  });
});

describe('htmlLink', () => {
  it('escapes the href and the label', () => {
    expect(htmlLink('https://x.ie/?a=1&b="2"', '<Verify>')).toBe(
      '<a href="https://x.ie/?a=1&amp;b=%222%22" rel="noopener noreferrer">&lt;Verify&gt;</a>',
    );
  });

  it('renders a non-http URL as text, never as a link', () => {
    expect(htmlLink('javascript:alert(1)')).toBe('javascript:alert(1)');
  });
});

describe('linkifyText', () => {
  it('links http(s) URLs, leaves sentence punctuation outside and escapes the rest', () => {
    expect(linkifyText('Open https://x.ie/v?token=a&b=c. <b>Thanks</b>')).toBe(
      'Open <a href="https://x.ie/v?token=a&amp;b=c" rel="noopener noreferrer">https://x.ie/v?token=a&amp;b=c</a>. &lt;b&gt;Thanks&lt;/b&gt;',
    );
  });

  it('does not link javascript: or markup smuggled into a URL', () => {
    const html = linkifyText('javascript:alert(1) https://x.ie/"><script>alert(1)</script>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('<a href="https://x.ie/"');
  });

  it('keeps line breaks and text without URLs unchanged apart from escaping', () => {
    expect(linkifyText('a\nb & c')).toBe('a\nb &amp; c');
  });
});
