import { type ListingImageDto, LISTING_LIMITS } from '@loadout/contracts';
import { cancelUpload, completeUpload, createUpload } from '@loadout/web';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type UploadApi,
  type UploadError,
  type UploadOptions,
  type UploadSnapshot,
  type UploadState,
  type UploadTask,
  startUpload,
} from './upload-task';

/** The upload calls the upload engine makes (the part PUTs go straight to their URLs). */
const uploadApi: UploadApi = { createUpload, completeUpload, cancelUpload };

/** One photo of the listing being edited: already attached, or an upload under way. */
export interface PhotoItem {
  key: string;
  name: string;
  /** Object URL of the chosen file, or the thumbnail of an attached image. */
  previewUrl: string | null;
  state: UploadState;
  loadedBytes: number;
  totalBytes: number;
  error: UploadError | null;
  image: ListingImageDto | null;
}

export interface UseImageUploadsOptions {
  /** The listing's images, in display order (when editing). */
  initialImages?: readonly ListingImageDto[];
  /** Engine options (tests inject the API, XMLHttpRequest and the backoff delay). */
  upload?: Partial<UploadOptions>;
  max?: number;
}

export interface ImageUploads {
  items: PhotoItem[];
  /** Ids of the finished photos, in display order (the first is the cover). */
  imageIds: string[];
  /** Some photo is still uploading or paused. */
  busy: boolean;
  /** Some photo failed. */
  failed: boolean;
  /** The latest upload status sentence, for a live region. */
  announcement: string;
  /** Why some chosen files were not added (the 10 photo limit); empty otherwise. */
  notice: string;
  addFiles: (files: Iterable<File>) => void;
  cancel: (key: string) => void;
  pause: (key: string) => void;
  resume: (key: string) => void;
  retry: (key: string) => void;
  remove: (key: string) => void;
  move: (key: string, offset: -1 | 1) => void;
}

function fromImage(image: ListingImageDto, index: number): PhotoItem {
  return {
    key: `image-${image.id}`,
    name: `Saved photo ${index + 1}`,
    previewUrl: image.thumbUrl,
    state: 'success',
    loadedBytes: 0,
    totalBytes: 0,
    error: null,
    image,
  };
}

function objectUrl(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

function statusSentence(name: string, snapshot: UploadSnapshot): string {
  switch (snapshot.state) {
    case 'running':
      return `Uploading ${name}.`;
    case 'paused':
      return `Upload of ${name} paused.`;
    case 'canceled':
      return `Upload of ${name} canceled.`;
    case 'success':
      return `${name} uploaded.`;
    case 'error':
      return `${name} could not be uploaded: ${snapshot.error?.message ?? ''}`;
  }
}

/**
 * The photos of a listing form: up to 10, each uploading on its own (see UploadTask), with
 * cancel, pause/resume, retry, remove and reorder. Object URLs are revoked on removal and
 * unmount; uploads still under way on unmount are canceled.
 */
export function useImageUploads({
  initialImages = [],
  upload,
  max = LISTING_LIMITS.imagesMax,
}: UseImageUploadsOptions = {}): ImageUploads {
  const [items, setItems] = useState<PhotoItem[]>(() => initialImages.map(fromImage));
  const [announcement, setAnnouncement] = useState('');
  const [notice, setNotice] = useState('');
  // The list as last committed: callbacks read it without waiting for a render.
  const listRef = useRef(items);
  const tasks = useRef(new Map<string, { task: UploadTask; unsubscribe: () => void }>());
  const objectUrls = useRef(new Map<string, string>());
  const nextKey = useRef(0);
  const uploadOptions = useRef(upload);

  const commit = useCallback((change: (list: PhotoItem[]) => PhotoItem[]) => {
    listRef.current = change(listRef.current);
    setItems(listRef.current);
  }, []);

  const forget = useCallback((key: string) => {
    tasks.current.get(key)?.unsubscribe();
    tasks.current.delete(key);
    const url = objectUrls.current.get(key);
    if (url) URL.revokeObjectURL(url);
    objectUrls.current.delete(key);
  }, []);

  useEffect(() => {
    const taskMap = tasks.current;
    const urls = objectUrls.current;
    return () => {
      for (const { task, unsubscribe } of taskMap.values()) {
        unsubscribe();
        task.discard();
      }
      taskMap.clear();
      for (const url of urls.values()) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const addFiles = useCallback(
    (files: Iterable<File>) => {
      const chosen = [...files];
      const room = Math.max(0, max - listRef.current.length);
      const accepted = chosen.slice(0, room);
      const skipped = chosen.length - accepted.length;
      setNotice(
        skipped > 0
          ? `A listing can have at most ${max} photos: ${skipped} ${skipped === 1 ? 'file was' : 'files were'} not added.`
          : '',
      );
      if (accepted.length === 0) return;

      const added: PhotoItem[] = accepted.map((file) => {
        nextKey.current += 1;
        const key = `upload-${nextKey.current}`;
        const task = startUpload(file, { api: uploadApi, ...uploadOptions.current });
        const snapshot = task.getSnapshot();
        const url = snapshot.state === 'error' ? null : objectUrl(file);
        if (url) objectUrls.current.set(key, url);
        const unsubscribe = task.subscribe((next) => {
          const before = listRef.current.find((item) => item.key === key);
          commit((list) =>
            list.map((item) =>
              item.key === key
                ? {
                    ...item,
                    state: next.state,
                    loadedBytes: next.loadedBytes,
                    totalBytes: next.totalBytes,
                    error: next.error,
                    image: next.image,
                  }
                : item,
            ),
          );
          if (before && before.state !== next.state) {
            setAnnouncement(statusSentence(file.name, next));
          }
        });
        tasks.current.set(key, { task, unsubscribe });
        return {
          key,
          name: file.name,
          previewUrl: url,
          state: snapshot.state,
          loadedBytes: snapshot.loadedBytes,
          totalBytes: snapshot.totalBytes,
          error: snapshot.error,
          image: null,
        };
      });
      commit((list) => [...list, ...added]);
      const refused = added.filter((item) => item.state === 'error');
      setAnnouncement(
        refused.length === added.length
          ? refused.map((item) => statusSentence(item.name, item)).join(' ')
          : `Uploading ${added.length - refused.length} ${added.length - refused.length === 1 ? 'photo' : 'photos'}.`,
      );
    },
    [commit, max],
  );

  const remove = useCallback(
    (key: string) => {
      const item = listRef.current.find((i) => i.key === key);
      tasks.current.get(key)?.task.discard();
      forget(key);
      commit((list) => list.filter((i) => i.key !== key));
      if (item) setAnnouncement(`${item.name} removed.`);
    },
    [commit, forget],
  );

  const cancel = useCallback(
    (key: string) => {
      const entry = tasks.current.get(key);
      if (!entry?.task.cancel()) return;
      forget(key);
      commit((list) => list.filter((i) => i.key !== key));
    },
    [commit, forget],
  );

  const pause = useCallback((key: string) => {
    tasks.current.get(key)?.task.pause();
  }, []);
  const resume = useCallback((key: string) => {
    tasks.current.get(key)?.task.resume();
  }, []);
  const retry = useCallback((key: string) => {
    tasks.current.get(key)?.task.retry();
  }, []);

  const move = useCallback(
    (key: string, offset: -1 | 1) => {
      const list = listRef.current;
      const from = list.findIndex((i) => i.key === key);
      const to = from + offset;
      if (from < 0 || to < 0 || to >= list.length) return;
      commit((current) => {
        const next = [...current];
        const [moved] = next.splice(from, 1);
        if (moved) next.splice(to, 0, moved);
        return next;
      });
      const name = list[from]?.name ?? 'Photo';
      setAnnouncement(
        `${name} moved to position ${to + 1} of ${list.length}${to === 0 ? ', now the cover photo' : ''}.`,
      );
    },
    [commit],
  );

  const imageIds = items.flatMap((item) =>
    item.state === 'success' && item.image ? [item.image.id] : [],
  );

  return {
    items,
    imageIds,
    busy: items.some((item) => item.state === 'running' || item.state === 'paused'),
    failed: items.some((item) => item.state === 'error'),
    announcement,
    notice,
    addFiles,
    cancel,
    pause,
    resume,
    retry,
    remove,
    move,
  };
}
