/**
 * Test double of the XMLHttpRequest surface the upload code uses (the sell form's parts, the
 * messages' photos). Each sent request is kept
 * in `FakeXhr.sent`; a test answers it with `progress`, `respond` or `fail`, or sets
 * `FakeXhr.onSend` to answer automatically.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  static onSend: ((xhr: FakeXhr) => void) | null = null;

  static reset(): void {
    FakeXhr.sent = [];
    FakeXhr.onSend = null;
  }

  /** Answers every PUT with 200 and an ETag naming its URL, on the next tick. */
  static autoSucceed(): void {
    FakeXhr.onSend = (xhr) => {
      setTimeout(() => {
        if (xhr.settled) return;
        xhr.progress(xhr.body?.size ?? 0);
        xhr.respond(200, `"etag-${xhr.url}"`);
      }, 0);
    };
  }

  method = '';
  url = '';
  readonly requestHeaders: Record<string, string> = {};
  body: Blob | null = null;
  status = 0;
  responseText = '';
  settled = false;
  aborted = false;
  private responseHeaders: Record<string, string> = {};
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.requestHeaders[name.toLowerCase()] = value;
  }

  send(body: Blob): void {
    this.body = body;
    FakeXhr.sent.push(this);
    FakeXhr.onSend?.(this);
  }

  abort(): void {
    if (this.settled) return;
    this.settled = true;
    this.aborted = true;
    this.onabort?.();
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }

  progress(loaded: number): void {
    const total = this.body?.size ?? loaded;
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }

  respond(status: number, etag?: string, body?: unknown): void {
    if (this.settled) throw new Error('FakeXhr: request already settled');
    this.settled = true;
    this.status = status;
    if (etag) this.responseHeaders.etag = etag;
    if (body !== undefined) this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  fail(): void {
    if (this.settled) throw new Error('FakeXhr: request already settled');
    this.settled = true;
    this.onerror?.();
  }
}

export const createFakeXhr = () => new FakeXhr() as unknown as XMLHttpRequest;
