import { type MessageImageDto } from '@loadout/contracts';
import { ApiError, setAccessTokenProvider } from '../api-client';
import { FakeXhr, createFakeXhr } from '../testing/fake-xhr';
import { checkPhotoFile, uploadMessagePhoto } from './message-photos.api';

const photo: MessageImageDto = {
  id: 'img000000000000000001',
  url: '/api/v1/conversations/c/images/img000000000000000001',
  thumbUrl: '/api/v1/conversations/c/images/img000000000000000001?size=thumb',
  width: 1200,
  height: 800,
};
const jpeg = () => new Blob(['0123456789'], { type: 'image/jpeg' });
/** The XHR once `uploadMessagePhoto` has awaited the token and sent. */
const sent = async () => {
  for (let i = 0; i < 10 && FakeXhr.sent.length === 0; i++) await Promise.resolve();
  return FakeXhr.sent[0]!;
};

describe('uploadMessagePhoto', () => {
  beforeEach(() => {
    FakeXhr.reset();
    setAccessTokenProvider(() => 'token-1');
  });
  afterEach(() => setAccessTokenProvider(null));

  it('posts the raw photo with its type and the bearer token, reports progress, resolves to the photo', async () => {
    const progress: number[] = [];
    const upload = uploadMessagePhoto('conv 1', jpeg(), {
      createXhr: createFakeXhr,
      onProgress: (f) => progress.push(f),
    });
    const xhr = await sent();
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/v1/conversations/conv%201/images']);
    expect(xhr.requestHeaders).toMatchObject({
      'content-type': 'image/jpeg',
      authorization: 'Bearer token-1',
    });
    xhr.progress(5);
    xhr.progress(10);
    xhr.respond(201, undefined, photo);
    await expect(upload).resolves.toEqual(photo);
    expect(progress).toEqual([0.5, 1]);
  });

  it('rejects with the server’s error in the house shape', async () => {
    const upload = uploadMessagePhoto('c', jpeg(), { createXhr: createFakeXhr });
    (await sent()).respond(400, undefined, {
      code: 'IMAGES.UNSUPPORTED_TYPE',
      message: 'This file is not a JPEG, PNG or WebP image.',
      requestId: 'r1',
    });
    const error = await upload.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'IMAGES.UNSUPPORTED_TYPE',
      message: 'This file is not a JPEG, PNG or WebP image.',
    });
  });

  it('names an unreachable server and a cancelled upload apart', async () => {
    const offline = uploadMessagePhoto('c', jpeg(), { createXhr: createFakeXhr });
    (await sent()).fail();
    await expect(offline).rejects.toMatchObject({ status: 0, code: 'NETWORK.UNREACHABLE' });

    FakeXhr.reset();
    const controller = new AbortController();
    const cancelled = uploadMessagePhoto('c', jpeg(), {
      createXhr: createFakeXhr,
      signal: controller.signal,
    });
    const xhr = await sent();
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('checkPhotoFile', () => {
  it('lets JPEG, PNG and WebP through and names anything else', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'IMAGE/JPEG'])
      expect(checkPhotoFile({ type })).toBeNull();
    for (const type of ['image/gif', 'image/heic', 'application/pdf', ''])
      expect(checkPhotoFile({ type })).toBe('This file is not a JPEG, PNG or WebP image.');
  });
});
