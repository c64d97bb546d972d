interface StoredCookie {
  value: string;
  path: string;
}

/**
 * Just enough of a browser for the OIDC flow: one host, a cookie jar honouring Path, and
 * redirects reported instead of followed.
 */
export class Browser {
  private readonly cookies = new Map<string, StoredCookie>();

  constructor(private readonly headers: Record<string, string> = {}) {}

  async request(
    url: string,
    init: { method?: string; json?: unknown; form?: Record<string, string> } = {},
  ): Promise<{
    status: number;
    location: string | null;
    headers: Headers;
    text: string;
    json: <T>() => T;
  }> {
    const target = new URL(url);
    const headers: Record<string, string> = { ...this.headers };
    const cookie = this.cookieHeader(target.pathname);
    if (cookie) headers['cookie'] = cookie;
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(target, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) this.store(line);
    const text = await res.text();
    const location = res.headers.get('location');
    return {
      status: res.status,
      location: location ? new URL(location, target).toString() : null,
      headers: res.headers,
      text,
      json: <T>() => JSON.parse(text) as T,
    };
  }

  cookieNames(): string[] {
    return [...this.cookies.keys()];
  }

  private cookieHeader(path: string): string {
    return [...this.cookies.entries()]
      .filter(
        ([, c]) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  private store(line: string): void {
    const [pair, ...attrs] = line.split(';').map((s) => s.trim());
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq);
    const value = pair!.slice(eq + 1);
    let path = '/';
    let expired = value === '';
    for (const attr of attrs) {
      const [k, v = ''] = attr.split('=');
      const key = k!.toLowerCase();
      if (key === 'path') path = v || '/';
      if (key === 'max-age' && Number(v) <= 0) expired = true;
      if (key === 'expires' && Date.parse(v) < Date.now()) expired = true;
    }
    if (expired) this.cookies.delete(name);
    else this.cookies.set(name, { value, path });
  }
}
