import {
  IMAGE_REFUSAL,
  MESSAGE_LIMITS,
  TOO_MANY_PHOTOS_MESSAGE,
  type MessageImageDto,
} from '@loadout/contracts';
import { apiErrorFrom, apiRequest, apiUrl, getAccessToken, unreachableError } from '../api-client';
import { photoContentType } from '../photo-file';

/** The photo refusals the service answers with; the same words, checked before uploading. */
export const MESSAGE_PHOTO_REFUSALS = {
  unsupportedType: IMAGE_REFUSAL.unsupportedType.message,
  tooLarge: IMAGE_REFUSAL.tooLarge(MESSAGE_LIMITS.imageMaxBytes).message,
  tooMany: TOO_MANY_PHOTOS_MESSAGE,
} as const;

/** Longest side a photo is sent at: enough for 1200 px on the server, far below 5 MB. */
export const PHOTO_SEND_MAX_SIDE = 2048;

const TYPES: readonly string[] = MESSAGE_LIMITS.imageTypes;

/**
 * A photo ready to send: drawn upright at most 2048 px on its longest side and encoded as
 * JPEG (which also leaves its EXIF behind before it leaves the device). Photos already small
 * enough, and browsers that cannot draw them, send the file as it is; the server re-encodes
 * every photo either way.
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file; // The server names what is wrong with it.
  }
  const scale = Math.min(1, PHOTO_SEND_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size <= MESSAGE_LIMITS.imageMaxBytes) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', 0.9),
  );
  return blob ?? file;
}

/**
 * What is wrong with a chosen file's type before any upload; null when it may go. Its size is
 * checked once it has been shrunk.
 */
export function checkPhotoFile(file: { type: string; name?: string }): string | null {
  return photoContentType({ name: file.name ?? '', type: file.type })
    ? null
    : MESSAGE_PHOTO_REFUSALS.unsupportedType;
}

export interface PhotoUploadOptions {
  /** 0–1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Tests pass a stand-in. */
  createXhr?: () => XMLHttpRequest;
}

/**
 * Uploads one photo to a conversation (XMLHttpRequest, for upload progress). Resolves to the
 * photo to send with the message; rejects with an ApiError (the server's words), or an
 * AbortError when `signal` aborts.
 */
export function uploadMessagePhoto(
  conversationId: string,
  photo: Blob,
  options: PhotoUploadOptions = {},
): Promise<MessageImageDto> {
  return uploadPhotoTo<MessageImageDto>(
    `conversations/${encodeURIComponent(conversationId)}/images`,
    photo,
    options,
  );
}

/**
 * Uploads one photo as the raw body of `POST /api/v1/<path>` (XMLHttpRequest, for upload
 * progress): conversations' photos, disputes' evidence. Resolves to the service's answer;
 * rejects with an ApiError (the server's words), or an AbortError when `signal` aborts.
 */
export async function uploadPhotoTo<T>(
  path: string,
  photo: Blob,
  options: PhotoUploadOptions = {},
): Promise<T> {
  const token = await getAccessToken();
  return new Promise((resolve, reject) => {
    const xhr = (options.createXhr ?? (() => new XMLHttpRequest()))();
    xhr.open('POST', apiUrl(path));
    xhr.setRequestHeader('content-type', TYPES.includes(photo.type) ? photo.type : 'image/jpeg');
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event: ProgressEvent) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(apiErrorFrom(xhr.status, ''));
        }
      } else {
        reject(
          apiErrorFrom(xhr.status, xhr.responseText, xhr.getResponseHeader('x-request-id') ?? ''),
        );
      }
    };
    xhr.onerror = () => reject(unreachableError());
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(photo);
  });
}

/** A conversation's photo as bytes: its URL needs the caller's token, so no plain <img src>. */
export async function fetchMessagePhoto(url: string, opts: { signal?: AbortSignal } = {}) {
  return (await apiRequest(url, { signal: opts.signal, headers: { accept: 'image/*' } })).blob();
}
