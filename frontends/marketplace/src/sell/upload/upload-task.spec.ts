import { type ListingImageDto, type UploadTicket } from '@loadout/contracts';
import { ApiError } from '@loadout/web';
import { FakeXhr, createFakeXhr } from '@loadout/web/testing';
import { checkImageFile, imageContentType } from './image-file';
import {
  type UploadApi,
  type UploadOptions,
  type UploadSnapshot,
  UPLOAD_MESSAGES,
  startUpload,
} from './upload-task';

const MB = 1024 * 1024;

function makeFile(size: number, name = 'm4-left.jpg', type = 'image/jpeg'): File {
  return new File([new Uint8Array(size)], name, { type });
}

function makeTicket(partCount: number, partSizeBytes: number): UploadTicket {
  return {
    uploadId: 'up_0000000000000000001',
    partSizeBytes,
    parts: Array.from({ length: partCount }, (_, i) => ({
      partNumber: i + 1,
      url: `https://bucket.example/part-${i + 1}?sig=abc`,
    })),
    headers: { 'Content-Type': 'image/jpeg' },
    expiresAt: '2999-01-01T00:00:00Z',
  };
}

const image: ListingImageDto = {
  id: 'img_00000000000000001',
  url: '/media/img_1.jpg',
  thumbUrl: '/media/img_1_400.jpg',
  width: 1200,
  height: 800,
};

function fakeApi(ticket: UploadTicket) {
  return {
    createUpload: jest.fn<Promise<UploadTicket>, Parameters<UploadApi['createUpload']>>(() =>
      Promise.resolve(ticket),
    ),
    completeUpload: jest.fn<Promise<ListingImageDto>, Parameters<UploadApi['completeUpload']>>(() =>
      Promise.resolve(image),
    ),
    cancelUpload: jest.fn<Promise<void>, [string]>(() => Promise.resolve()),
  };
}

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The nth PUT, once it has been sent. */
async function nthPut(n: number): Promise<FakeXhr> {
  for (let i = 0; i < 20 && FakeXhr.sent.length <= n; i += 1) await settle();
  const xhr = FakeXhr.sent[n];
  if (!xhr) throw new Error(`PUT #${n + 1} was never sent (${FakeXhr.sent.length} sent)`);
  return xhr;
}

let delays: number[];

function options(api: UploadApi, extra: Partial<UploadOptions> = {}): UploadOptions {
  return {
    api,
    createXhr: createFakeXhr,
    delay: (ms) => {
      delays.push(ms);
      return Promise.resolve();
    },
    ...extra,
  };
}

beforeEach(() => {
  FakeXhr.reset();
  delays = [];
});

describe('UploadTask', () => {
  it('uploads a single-part photo and completes it', async () => {
    const ticket = makeTicket(1, 5 * MB);
    const api = fakeApi(ticket);
    const file = makeFile(1000);
    const task = startUpload(file, options(api));
    expect(task.state).toBe('running');

    const put = await nthPut(0);
    expect(api.createUpload).toHaveBeenCalledWith({
      fileName: 'm4-left.jpg',
      contentType: 'image/jpeg',
      sizeBytes: 1000,
    });
    expect(put.method).toBe('PUT');
    expect(put.url).toBe('https://bucket.example/part-1?sig=abc');
    expect(put.requestHeaders).toEqual({ 'content-type': 'image/jpeg' });
    expect(put.body?.size).toBe(1000);

    put.progress(400);
    expect(task.getSnapshot()).toMatchObject({ loadedBytes: 400, totalBytes: 1000 });

    put.respond(200, '"etag-1"');
    await settle();
    expect(api.completeUpload).toHaveBeenCalledWith(ticket.uploadId, {
      parts: [{ partNumber: 1, etag: '"etag-1"' }],
    });
    expect(task.getSnapshot()).toEqual({
      state: 'success',
      loadedBytes: 1000,
      totalBytes: 1000,
      error: null,
      image,
    });
  });

  it('sends the parts one after another and adds their progress up', async () => {
    const ticket = makeTicket(3, 10);
    const api = fakeApi(ticket);
    const task = startUpload(makeFile(25), options(api));
    const seen: string[] = [];
    task.subscribe((s: UploadSnapshot) => seen.push(`${s.state} ${s.loadedBytes}`));

    const first = await nthPut(0);
    expect(FakeXhr.sent).toHaveLength(1);
    expect(first.body?.size).toBe(10);
    first.progress(6);
    first.respond(200, '"a"');

    const second = await nthPut(1);
    expect(second.url).toContain('part-2');
    expect(second.body?.size).toBe(10);
    second.progress(4);
    expect(task.getSnapshot().loadedBytes).toBe(14);
    second.respond(200, '"b"');

    const third = await nthPut(2);
    expect(third.body?.size).toBe(5);
    third.progress(5);
    third.respond(200, '"c"');
    await settle();

    expect(seen).toEqual([
      'running 6',
      'running 10',
      'running 14',
      'running 20',
      'running 25',
      'success 25',
    ]);
    expect(api.completeUpload).toHaveBeenCalledWith(ticket.uploadId, {
      parts: [
        { partNumber: 1, etag: '"a"' },
        { partNumber: 2, etag: '"b"' },
        { partNumber: 3, etag: '"c"' },
      ],
    });
    expect(task.state).toBe('success');
  });

  it('retries a failing part with a doubling backoff from 1 s, then succeeds', async () => {
    const api = fakeApi(makeTicket(1, 5 * MB));
    const task = startUpload(makeFile(100), options(api));

    (await nthPut(0)).fail();
    (await nthPut(1)).respond(503);
    const third = await nthPut(2);
    expect(third.url).toContain('part-1');
    third.respond(200, '"ok"');
    await settle();

    expect(delays).toEqual([1000, 2000]);
    expect(api.createUpload).toHaveBeenCalledTimes(1);
    expect(task.state).toBe('success');
  });

  it('gives up after 3 retries and lets the user try the failed part again', async () => {
    const api = fakeApi(makeTicket(2, 50));
    const task = startUpload(makeFile(100), options(api));
    (await nthPut(0)).respond(200, '"p1"');
    for (let attempt = 1; attempt <= 4; attempt += 1) (await nthPut(attempt)).fail();
    await settle();

    expect(delays).toEqual([1000, 2000, 4000]);
    expect(FakeXhr.sent).toHaveLength(5);
    expect(task.getSnapshot()).toMatchObject({
      state: 'error',
      loadedBytes: 50,
      error: { code: 'UPLOAD.NETWORK', message: UPLOAD_MESSAGES.network, retryable: true },
    });
    expect(api.completeUpload).not.toHaveBeenCalled();

    expect(task.retry()).toBe(true);
    expect(task.state).toBe('running');
    const again = await nthPut(5);
    expect(again.url).toContain('part-2');
    again.respond(200, '"p2"');
    await settle();
    expect(api.createUpload).toHaveBeenCalledTimes(1);
    expect(api.completeUpload).toHaveBeenCalledWith(expect.any(String), {
      parts: [
        { partNumber: 1, etag: '"p1"' },
        { partNumber: 2, etag: '"p2"' },
      ],
    });
    expect(task.state).toBe('success');
  });

  it('does not repeat a part the store refused, and starts over on retry', async () => {
    const api = fakeApi(makeTicket(1, 5 * MB));
    const task = startUpload(makeFile(100), options(api));
    (await nthPut(0)).respond(403);
    await settle();
    expect(delays).toEqual([]);
    expect(task.state).toBe('error');

    task.retry();
    await nthPut(1);
    expect(api.createUpload).toHaveBeenCalledTimes(2);
  });

  it('cancel aborts the part in flight and deletes the upload', async () => {
    const ticket = makeTicket(2, 50);
    const api = fakeApi(ticket);
    const task = startUpload(makeFile(100), options(api));
    const put = await nthPut(0);
    put.progress(20);

    expect(task.cancel()).toBe(true);
    expect(put.aborted).toBe(true);
    expect(task.state).toBe('canceled');
    expect(api.cancelUpload).toHaveBeenCalledWith(ticket.uploadId);
    await settle();
    expect(FakeXhr.sent).toHaveLength(1);
    expect(api.completeUpload).not.toHaveBeenCalled();
    expect(task.state).toBe('canceled');
  });

  it('deletes the upload when canceled before its ticket arrived', async () => {
    const ticket = makeTicket(1, 50);
    let answer: (t: UploadTicket) => void = () => undefined;
    const api = fakeApi(ticket);
    api.createUpload.mockImplementation(
      () => new Promise<UploadTicket>((resolve) => (answer = resolve)),
    );
    const task = startUpload(makeFile(10), options(api));
    task.cancel();
    expect(api.cancelUpload).not.toHaveBeenCalled();
    answer(ticket);
    await settle();
    expect(api.cancelUpload).toHaveBeenCalledWith(ticket.uploadId);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('pauses only while running, resumes only while paused, cancels from both', async () => {
    const api = fakeApi(makeTicket(1, 5 * MB));
    const task = startUpload(makeFile(100), options(api));
    const put = await nthPut(0);

    expect(task.resume()).toBe(false);
    expect(task.pause()).toBe(true);
    expect(task.state).toBe('paused');
    expect(put.aborted).toBe(true);
    expect(task.pause()).toBe(false);
    await settle();
    expect(FakeXhr.sent).toHaveLength(1);

    expect(task.resume()).toBe(true);
    expect(task.state).toBe('running');
    const again = await nthPut(1);
    expect(again.url).toBe(put.url);
    expect(delays).toEqual([]);

    task.pause();
    expect(task.cancel()).toBe(true);
    expect(task.state).toBe('canceled');
    expect(task.resume()).toBe(false);
    expect(task.pause()).toBe(false);
    expect(task.cancel()).toBe(false);
    await settle();
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('cannot pause, resume or cancel a finished upload', async () => {
    const api = fakeApi(makeTicket(1, 5 * MB));
    const task = startUpload(makeFile(100), options(api));
    (await nthPut(0)).respond(200, '"e"');
    await settle();
    expect(task.state).toBe('success');
    expect(task.pause()).toBe(false);
    expect(task.cancel()).toBe(false);
    expect(task.retry()).toBe(false);
    expect(api.cancelUpload).not.toHaveBeenCalled();
  });

  it('refuses other file types and files over 10 MB without calling the server', () => {
    const api = fakeApi(makeTicket(1, 5 * MB));
    const gif = startUpload(makeFile(100, 'loadout.gif', 'image/gif'), options(api));
    expect(gif.getSnapshot()).toMatchObject({
      state: 'error',
      error: {
        code: 'IMAGES.UNSUPPORTED_TYPE',
        message: 'This file is not a JPEG, PNG or WebP image.',
        retryable: false,
      },
    });
    const big = startUpload(makeFile(10 * MB + 1), options(api));
    expect(big.getSnapshot().error).toEqual({
      code: 'IMAGES.TOO_LARGE',
      message: 'Photos can be at most 10 MB.',
      retryable: false,
    });
    expect(big.retry()).toBe(false);
    expect(api.createUpload).not.toHaveBeenCalled();
  });

  it('shows the server refusal of a completed upload, which cannot be retried', async () => {
    const api = fakeApi(makeTicket(1, 5 * MB));
    api.completeUpload.mockRejectedValue(
      new ApiError(400, {
        code: 'IMAGES.UNREADABLE',
        message: 'This photo could not be read. Try another file.',
        requestId: 'r1',
      }),
    );
    const task = startUpload(makeFile(100), options(api));
    (await nthPut(0)).respond(200, '"e"');
    await settle();
    expect(task.getSnapshot().error).toEqual({
      code: 'IMAGES.UNREADABLE',
      message: 'This photo could not be read. Try another file.',
      retryable: false,
    });
    expect(task.retry()).toBe(false);
  });
});

describe('image file checks', () => {
  it('knows the type from the extension when the browser gives none', () => {
    expect(imageContentType({ name: 'Front.WEBP', type: '' })).toBe('image/webp');
    expect(imageContentType({ name: 'scan.jpeg', type: '' })).toBe('image/jpeg');
    expect(imageContentType({ name: 'notes.txt', type: '' })).toBeNull();
    expect(imageContentType({ name: 'photo.heic', type: 'image/heic' })).toBeNull();
  });

  it('allows exactly 10 MB', () => {
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 10 * MB })).toBeNull();
  });
});
