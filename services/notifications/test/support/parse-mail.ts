/**
 * Just enough MIME to check what nodemailer sent: unfolded headers, RFC 2047 encoded words,
 * multipart/alternative, quoted-printable and base64. `raw` is the message as latin1 (bytes).
 */
export interface ParsedMail {
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const at = raw.indexOf('\r\n\r\n');
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintableBytes(s: string, underscoreIsSpace: boolean): Buffer {
  const bytes: number[] = [];
  const input = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(input.slice(i + 1, i + 3))) {
      bytes.push(parseInt(input.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (c === '_' && underscoreIsSpace) {
      bytes.push(0x20);
    } else {
      bytes.push(input.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** Decodes `=?utf-8?Q?...?=` / `=?utf-8?B?...?=` words; adjacent words join without spaces. */
export function decodeHeader(value: string): string {
  const word = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g;
  const joined = value.replace(/(\?=)\s+(=\?)/g, '$1$2');
  let out = '';
  let last = 0;
  let pending: Buffer[] = [];
  const flush = () => {
    if (pending.length) out += Buffer.concat(pending).toString('utf8');
    pending = [];
  };
  for (const m of joined.matchAll(word)) {
    if (m.index > last) {
      flush();
      out += joined.slice(last, m.index);
    }
    pending.push(
      m[2]!.toUpperCase() === 'B'
        ? Buffer.from(m[3]!, 'base64')
        : decodeQuotedPrintableBytes(m[3]!, true),
    );
    last = m.index + m[0].length;
  }
  flush();
  return out + joined.slice(last);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintableBytes(part.body, false)
      : encoding === 'base64'
        ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
        : Buffer.from(part.body, 'latin1');
  return bytes.toString('utf8').replace(/\r\n/g, '\n');
}

function leafParts(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`);
  // sections[0] is the preamble, the last one follows the closing `--boundary--`.
  return sections
    .slice(1, -1)
    .map((s) => splitPart(s.replace(/^\r\n/, '')))
    .flatMap(leafParts);
}

export function parseMail(raw: string): ParsedMail {
  const root = splitPart(raw);
  const leaves = leafParts(root);
  const body = (mime: string) => {
    const leaf = leaves.find((p) =>
      (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(mime),
    );
    return leaf ? decodeBody(leaf).replace(/\n$/, '') : '';
  };
  return {
    headers: root.headers,
    from: decodeHeader(root.headers['from'] ?? ''),
    to: decodeHeader(root.headers['to'] ?? ''),
    subject: decodeHeader(root.headers['subject'] ?? ''),
    text: body('text/plain'),
    html: body('text/html'),
  };
}
