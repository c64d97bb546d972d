import { useEffect, useRef, useState } from 'react';
import { isApiError } from './api-client';
import {
  checkPhotoFile,
  MESSAGE_PHOTO_REFUSALS,
  shrinkPhoto,
} from './messaging/message-photos.api';

/** One photo chosen for a post: its preview, its upload and, once uploaded, what the API gave. */
export interface PhotoUpload<T> {
  key: string;
  name: string;
  /** Object URL of the chosen file for the preview; empty where the browser has none. */
  preview: string;
  /** 0–1 while uploading. */
  progress: number;
  status: 'uploading' | 'ready' | 'error';
  uploaded?: T;
  error?: string;
}

export interface PhotoUploadsOptions<T> {
  /** Photos one post may carry. */
  limit: number;
  /** The API's limit on a shrunk photo's size. */
  maxBytes: number;
  /** Shown when more photos are chosen than there is room for. */
  tooMany: string;
  /** Sends one shrunk photo (the XHR upload with its progress). */
  upload: (
    photo: Blob,
    options: { signal: AbortSignal; onProgress: (progress: number) => void },
  ) => Promise<T>;
}

const objectUrl = (file: Blob) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
const revoke = (url: string) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

let nextKey = 0;

/**
 * Photos chosen for the next post (a message, a dispute's opening or thread message): each is
 * checked and shrunk on the device, then uploaded at once with its progress; the post is sent
 * with the ids of those that are ready. Removing one cancels its upload; leaving drops them all.
 */
export function usePhotoUploads<T extends { id: string }>(options: PhotoUploadsOptions<T>) {
  const [items, setItems] = useState<PhotoUpload<T>[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const current = useRef(items);
  current.current = items;
  const latest = useRef(options);
  latest.current = options;

  const update = (key: string, patch: Partial<PhotoUpload<T>>) =>
    setItems((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));

  const upload = async (key: string, file: File) => {
    const controller = new AbortController();
    controllers.current.set(key, controller);
    try {
      const shrunk = await shrinkPhoto(file);
      if (shrunk.size > latest.current.maxBytes)
        return update(key, { status: 'error', error: MESSAGE_PHOTO_REFUSALS.tooLarge });
      const uploaded = await latest.current.upload(shrunk, {
        signal: controller.signal,
        onProgress: (progress) => update(key, { progress }),
      });
      update(key, { status: 'ready', progress: 1, uploaded });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      update(key, {
        status: 'error',
        error: isApiError(error) ? error.message : 'This photo could not be uploaded.',
      });
    } finally {
      controllers.current.delete(key);
    }
  };

  const add = (files: Iterable<File>) => {
    setNotice(null);
    const room = latest.current.limit - current.current.length;
    const chosen = [...files];
    if (chosen.length > room) setNotice(latest.current.tooMany);
    const added = chosen.slice(0, Math.max(0, room)).map((file): [PhotoUpload<T>, File] => {
      const refusal = checkPhotoFile(file);
      return [
        {
          key: `photo-${++nextKey}`,
          name: file.name,
          preview: refusal ? '' : objectUrl(file),
          progress: 0,
          status: refusal ? 'error' : 'uploading',
          error: refusal ?? undefined,
        },
        file,
      ];
    });
    setItems((list) => [...list, ...added.map(([p]) => p)]);
    for (const [p, file] of added) if (p.status === 'uploading') void upload(p.key, file);
  };

  const remove = (key: string) => {
    controllers.current.get(key)?.abort();
    const gone = current.current.find((p) => p.key === key);
    if (gone) revoke(gone.preview);
    setNotice(null);
    setItems((list) => list.filter((p) => p.key !== key));
  };

  /** After sending: the previews go, nothing is uploaded any more. */
  const clear = () => {
    for (const c of controllers.current.values()) c.abort();
    for (const p of current.current) revoke(p.preview);
    setNotice(null);
    setItems([]);
  };

  // Leaving the form drops what was chosen for it.
  useEffect(
    () => () => {
      for (const c of controllers.current.values()) c.abort();
      for (const p of current.current) revoke(p.preview);
    },
    [],
  );

  return {
    items,
    notice,
    add,
    remove,
    clear,
    uploading: items.some((p) => p.status === 'uploading'),
    readyIds: items.flatMap((p) => (p.status === 'ready' && p.uploaded ? [p.uploaded.id] : [])),
    full: items.length >= options.limit,
  };
}

export type PhotoUploads<T extends { id: string }> = ReturnType<typeof usePhotoUploads<T>>;
