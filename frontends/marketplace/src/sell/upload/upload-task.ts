import {
  type CompleteUploadRequest,
  type ListingImageDto,
  type UploadRequest,
  type UploadTicket,
} from '@loadout/contracts';
import { checkImageFile, imageContentType } from './image-file';

/**
 * Upload task states (seed §4): pause only from running, resume from paused, cancel from
 * running or paused. `retry` takes a failed task back to running.
 */
export type UploadState = 'running' | 'paused' | 'canceled' | 'success' | 'error';

export interface UploadError {
  code: string;
  message: string;
  /** False when trying again cannot help (the file itself was refused). */
  retryable: boolean;
}

export interface UploadSnapshot {
  state: UploadState;
  loadedBytes: number;
  totalBytes: number;
  error: UploadError | null;
  image: ListingImageDto | null;
}

/** The API calls of an upload; `@loadout/web`'s seller listings client provides the real ones. */
export interface UploadApi {
  createUpload(request: UploadRequest): Promise<UploadTicket>;
  completeUpload(uploadId: string, body: CompleteUploadRequest): Promise<ListingImageDto>;
  cancelUpload(uploadId: string): Promise<void>;
}

export interface UploadOptions {
  api: UploadApi;
  createXhr?: () => XMLHttpRequest;
  /** Waits between part retries; injectable so tests need not wait. */
  delay?: (ms: number) => Promise<void>;
  /** Retries of one failed part after its first attempt. */
  maxRetries?: number;
  /** First backoff; doubles on every retry (seed §9: at least 1 s). */
  initialBackoffMs?: number;
  now?: () => number;
}

export type UploadListener = (snapshot: UploadSnapshot) => void;

export const UPLOAD_DEFAULTS = { maxRetries: 3, initialBackoffMs: 1000 } as const;

export const UPLOAD_MESSAGES = {
  network: 'The upload failed. Check your connection and try again.',
  noEtag: 'The photo store did not confirm the upload. Please try again.',
  generic: 'The upload failed. Please try again.',
} as const;

/** The task was paused or canceled while a part was in flight. */
class Interrupted extends Error {}
/** The task was canceled: stop quietly. */
class Stopped extends Error {}

class PartFailed extends Error {
  constructor(
    readonly status: number,
    readonly retryable: boolean,
    message: string,
  ) {
    super(message);
  }
}

const realDelay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Only transient answers are worth another attempt of the same part. */
const isTransient = (status: number) =>
  status === 0 || status === 408 || status === 429 || status >= 500;

function toUploadError(error: unknown): UploadError {
  if (error instanceof PartFailed) {
    const code = error.status ? `UPLOAD.HTTP_${error.status}` : 'UPLOAD.NETWORK';
    return { code, message: error.message, retryable: true };
  }
  // ApiError from @loadout/web, duck-typed so the engine stays free of framework code.
  if (typeof error === 'object' && error !== null && 'code' in error && 'status' in error) {
    const { code, status, message } = error as { code: unknown; status: unknown; message: unknown };
    const httpStatus = typeof status === 'number' ? status : 0;
    return {
      code: typeof code === 'string' ? code : 'UPLOAD.FAILED',
      message: typeof message === 'string' && message ? message : UPLOAD_MESSAGES.generic,
      retryable: isTransient(httpStatus) || httpStatus === 401 || httpStatus === 403,
    };
  }
  return { code: 'UPLOAD.FAILED', message: UPLOAD_MESSAGES.generic, retryable: true };
}

/**
 * One photo's upload: client-side check, `POST uploads`, each part PUT in turn with
 * XMLHttpRequest (a failed part is retried with doubling backoff), then `complete`.
 * Framework-free; observe it with `subscribe`. Start it with `startUpload`.
 */
export class UploadTask {
  private snapshot: UploadSnapshot;
  private readonly listeners = new Set<UploadListener>();
  private readonly api: UploadApi;
  private readonly createXhr: () => XMLHttpRequest;
  private readonly delay: (ms: number) => Promise<void>;
  private readonly maxRetries: number;
  private readonly initialBackoffMs: number;
  private readonly now: () => number;
  private readonly contentType: string;
  private ticket: UploadTicket | null = null;
  private readonly etags = new Map<number, string>();
  private completedBytes = 0;
  private xhr: XMLHttpRequest | null = null;
  private wake: (() => void) | null = null;
  private restartOnRetry = false;
  private started = false;

  constructor(
    readonly file: File,
    options: UploadOptions,
  ) {
    this.api = options.api;
    this.createXhr = options.createXhr ?? (() => new XMLHttpRequest());
    this.delay = options.delay ?? realDelay;
    this.maxRetries = options.maxRetries ?? UPLOAD_DEFAULTS.maxRetries;
    this.initialBackoffMs = options.initialBackoffMs ?? UPLOAD_DEFAULTS.initialBackoffMs;
    this.now = options.now ?? Date.now;
    this.contentType = imageContentType(file) ?? '';
    const refusal = checkImageFile(file);
    this.snapshot = {
      state: refusal ? 'error' : 'running',
      loadedBytes: 0,
      totalBytes: file.size,
      error: refusal ? { ...refusal, retryable: false } : null,
      image: null,
    };
  }

  getSnapshot(): UploadSnapshot {
    return this.snapshot;
  }

  get state(): UploadState {
    return this.snapshot.state;
  }

  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: UploadListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Begins the upload (a refused file stays in `error`). */
  start(): void {
    if (this.started || this.snapshot.state !== 'running') return;
    this.started = true;
    void this.run();
  }

  /** running → paused: the part in flight is aborted and sent again on resume. */
  pause(): boolean {
    if (this.snapshot.state !== 'running') return false;
    this.update({ state: 'paused' });
    this.xhr?.abort();
    return true;
  }

  /** paused → running. */
  resume(): boolean {
    if (this.snapshot.state !== 'paused') return false;
    this.update({ state: 'running' });
    this.wakeUp();
    return true;
  }

  /** running/paused → canceled: aborts the part in flight and deletes the server's upload. */
  cancel(): boolean {
    const { state } = this.snapshot;
    if (state !== 'running' && state !== 'paused') return false;
    this.update({ state: 'canceled' });
    this.xhr?.abort();
    this.wakeUp();
    // Without a ticket yet, `run` deletes the upload as soon as the ticket arrives.
    if (this.ticket) this.deleteQuietly(this.ticket.uploadId);
    return true;
  }

  /** error → running, from the part that failed (or from the start when the ticket is gone). */
  retry(): boolean {
    const { state, error } = this.snapshot;
    if (state !== 'error' || !error?.retryable) return false;
    if (this.restartOnRetry || this.ticketExpired()) this.forgetTicket();
    this.restartOnRetry = false;
    this.update({ state: 'running', error: null });
    void this.run();
    return true;
  }

  /** Lets go of the task: cancels it when under way, deletes an unfinished failed upload. */
  discard(): void {
    if (this.cancel()) return;
    if (this.snapshot.state === 'error' && this.ticket) {
      this.deleteQuietly(this.ticket.uploadId);
      this.forgetTicket();
    }
  }

  private async run(): Promise<void> {
    try {
      if (!this.ticket) {
        const ticket = await this.api.createUpload({
          fileName: this.file.name,
          contentType: this.contentType,
          sizeBytes: this.file.size,
        });
        if (this.snapshot.state === 'canceled') {
          this.deleteQuietly(ticket.uploadId);
          return;
        }
        this.ticket = ticket;
      }
      const ticket = this.ticket;
      for (const part of ticket.parts) {
        if (this.etags.has(part.partNumber)) continue;
        const etag = await this.sendPart(ticket, part);
        this.etags.set(part.partNumber, etag);
        this.completedBytes += this.partBlob(ticket, part.partNumber).size;
        this.update({ loadedBytes: this.completedBytes });
      }
      await this.whileRunning();
      const parts = [...this.etags].map(([partNumber, etag]) => ({ partNumber, etag }));
      parts.sort((a, b) => a.partNumber - b.partNumber);
      const image = await this.api.completeUpload(ticket.uploadId, { parts });
      if (this.snapshot.state === 'canceled') return;
      this.update({ state: 'success', image, loadedBytes: this.file.size });
    } catch (error) {
      if (error instanceof Stopped || this.snapshot.state === 'canceled') return;
      const uploadError = toUploadError(error);
      if (error instanceof PartFailed && !isTransient(error.status)) this.restartOnRetry = true;
      this.update({ state: 'error', error: uploadError, loadedBytes: this.completedBytes });
    }
  }

  /** Sends one part, retrying transient failures; a pause waits and sends it again. */
  private async sendPart(ticket: UploadTicket, part: UploadTicket['parts'][number]) {
    let failures = 0;
    for (;;) {
      await this.whileRunning();
      try {
        return await this.putPart(ticket, part);
      } catch (error) {
        this.update({ loadedBytes: this.completedBytes });
        if (error instanceof Interrupted) continue;
        if (!(error instanceof PartFailed) || !error.retryable || failures >= this.maxRetries) {
          throw error;
        }
        await this.delay(this.initialBackoffMs * 2 ** failures);
        failures += 1;
      }
    }
  }

  private putPart(ticket: UploadTicket, part: UploadTicket['parts'][number]): Promise<string> {
    const blob = this.partBlob(ticket, part.partNumber);
    return new Promise<string>((resolve, reject) => {
      const xhr = this.createXhr();
      this.xhr = xhr;
      xhr.open('PUT', part.url);
      // Only the ticket's headers: a presigned URL must never see the Authorization header.
      for (const [name, value] of Object.entries(ticket.headers)) {
        xhr.setRequestHeader(name, value);
      }
      xhr.upload.onprogress = (event: ProgressEvent) => {
        if (this.xhr !== xhr) return;
        const loaded = Math.min(event.loaded, blob.size);
        this.update({ loadedBytes: this.completedBytes + loaded });
      };
      xhr.onload = () => {
        this.xhr = null;
        if (xhr.status >= 200 && xhr.status < 300) {
          const etag = xhr.getResponseHeader('ETag');
          if (etag) resolve(etag);
          else reject(new PartFailed(xhr.status, false, UPLOAD_MESSAGES.noEtag));
        } else {
          reject(new PartFailed(xhr.status, isTransient(xhr.status), UPLOAD_MESSAGES.network));
        }
      };
      const failed = () => {
        this.xhr = null;
        reject(new PartFailed(0, true, UPLOAD_MESSAGES.network));
      };
      xhr.onerror = failed;
      xhr.ontimeout = failed;
      xhr.onabort = () => {
        this.xhr = null;
        // Only pause and cancel abort; anything else counts as a failed attempt.
        if (this.snapshot.state === 'running') failed();
        else reject(new Interrupted());
      };
      xhr.send(blob);
    });
  }

  private partBlob(ticket: UploadTicket, partNumber: number): Blob {
    const size = ticket.partSizeBytes;
    return this.file.slice((partNumber - 1) * size, partNumber * size);
  }

  /** Resolves while running; waits while paused; throws Stopped once canceled. */
  private async whileRunning(): Promise<void> {
    while (this.snapshot.state === 'paused') {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    if (this.snapshot.state === 'canceled') throw new Stopped();
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private ticketExpired(): boolean {
    if (!this.ticket) return false;
    const expires = Date.parse(this.ticket.expiresAt);
    return Number.isFinite(expires) && expires <= this.now();
  }

  private forgetTicket(): void {
    this.ticket = null;
    this.etags.clear();
    this.completedBytes = 0;
    this.update({ loadedBytes: 0 });
  }

  private deleteQuietly(uploadId: string): void {
    // Best effort: an abandoned upload also expires on the server.
    this.api.cancelUpload(uploadId).catch(() => undefined);
  }

  private update(patch: Partial<UploadSnapshot>): void {
    const next = { ...this.snapshot, ...patch };
    const prev = this.snapshot;
    if (
      next.state === prev.state &&
      next.loadedBytes === prev.loadedBytes &&
      next.error === prev.error &&
      next.image === prev.image
    ) {
      return;
    }
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener(next);
  }
}

/** Creates the task for `file` and starts it (a refused file is in `error` straight away). */
export function startUpload(file: File, options: UploadOptions): UploadTask {
  const task = new UploadTask(file, options);
  task.start();
  return task;
}

/** 0..1 progress of a snapshot (0 for an empty file). */
export function uploadProgress(snapshot: UploadSnapshot): number {
  return snapshot.totalBytes > 0 ? Math.min(1, snapshot.loadedBytes / snapshot.totalBytes) : 0;
}
