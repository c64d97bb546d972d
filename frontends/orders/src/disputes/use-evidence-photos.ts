import { DISPUTE_PHOTO_LIMITS, type DisputePhotoView } from '@loadout/contracts';
import {
  MESSAGE_PHOTO_REFUSALS,
  checkPhotoFile,
  isApiError,
  shrinkPhoto,
  uploadDisputePhoto,
} from '@loadout/web';
import { useEffect, useRef, useState } from 'react';

export interface EvidencePhoto {
  key: string;
  name: string;
  /** Object URL of the chosen file for the preview; empty where the browser has none. */
  preview: string;
  /** 0–1 while uploading. */
  progress: number;
  status: 'uploading' | 'ready' | 'error';
  photo?: DisputePhotoView;
  error?: string;
}

export const TOO_MANY_EVIDENCE_PHOTOS = `Add at most ${DISPUTE_PHOTO_LIMITS.photosPerPost} photos at a time.`;

const objectUrl = (file: Blob) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
const revoke = (url: string) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

let nextKey = 0;

/**
 * Evidence photos chosen for a dispute's opening or a message of its thread (ADR 0037): each
 * is shrunk on the device, then uploaded at once for the order with its progress; the form
 * sends the ids of those that are ready.
 */
export function useEvidencePhotos(orderId: string) {
  const [photos, setPhotos] = useState<EvidencePhoto[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const current = useRef(photos);
  current.current = photos;

  const update = (key: string, patch: Partial<EvidencePhoto>) =>
    setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));

  const upload = async (key: string, file: File) => {
    const controller = new AbortController();
    controllers.current.set(key, controller);
    try {
      const shrunk = await shrinkPhoto(file);
      if (shrunk.size > DISPUTE_PHOTO_LIMITS.photoMaxBytes)
        return update(key, { status: 'error', error: MESSAGE_PHOTO_REFUSALS.tooLarge });
      const photo = await uploadDisputePhoto(orderId, shrunk, {
        signal: controller.signal,
        onProgress: (progress) => update(key, { progress }),
      });
      update(key, { status: 'ready', progress: 1, photo });
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
    const room = DISPUTE_PHOTO_LIMITS.photosPerPost - current.current.length;
    const chosen = [...files];
    if (chosen.length > room) setNotice(TOO_MANY_EVIDENCE_PHOTOS);
    const added = chosen.slice(0, Math.max(0, room)).map((file): [EvidencePhoto, File] => {
      const refusal = checkPhotoFile(file);
      return [
        {
          key: `evidence-${++nextKey}`,
          name: file.name,
          preview: refusal ? '' : objectUrl(file),
          progress: 0,
          status: refusal ? 'error' : 'uploading',
          error: refusal ?? undefined,
        },
        file,
      ];
    });
    setPhotos((list) => [...list, ...added.map(([p]) => p)]);
    for (const [p, file] of added) if (p.status === 'uploading') void upload(p.key, file);
  };

  const remove = (key: string) => {
    controllers.current.get(key)?.abort();
    const gone = current.current.find((p) => p.key === key);
    if (gone) revoke(gone.preview);
    setNotice(null);
    setPhotos((list) => list.filter((p) => p.key !== key));
  };

  /** After sending: the previews go, nothing is uploaded any more. */
  const clear = () => {
    for (const c of controllers.current.values()) c.abort();
    for (const p of current.current) revoke(p.preview);
    setNotice(null);
    setPhotos([]);
  };

  useEffect(
    () => () => {
      for (const c of controllers.current.values()) c.abort();
      for (const p of current.current) revoke(p.preview);
    },
    [],
  );

  return {
    photos,
    notice,
    add,
    remove,
    clear,
    uploading: photos.some((p) => p.status === 'uploading'),
    readyIds: photos.flatMap((p) => (p.status === 'ready' && p.photo ? [p.photo.id] : [])),
    full: photos.length >= DISPUTE_PHOTO_LIMITS.photosPerPost,
  };
}

export type EvidencePhotos = ReturnType<typeof useEvidencePhotos>;
