import { MESSAGE_LIMITS, type MessageImageDto } from '@loadout/contracts';
import {
  MESSAGE_PHOTO_REFUSALS,
  checkPhotoFile,
  isApiError,
  shrinkPhoto,
  uploadMessagePhoto,
} from '@loadout/web';
import { useEffect, useRef, useState } from 'react';

export interface Attachment {
  key: string;
  name: string;
  /** Object URL of the chosen file for the preview; empty where the browser has none. */
  preview: string;
  /** 0–1 while uploading. */
  progress: number;
  status: 'uploading' | 'ready' | 'error';
  image?: MessageImageDto;
  error?: string;
}

const objectUrl = (file: Blob) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
const revoke = (url: string) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

let nextKey = 0;

/**
 * Photos chosen for the next message: each is shrunk on the device, then uploaded at once
 * with its progress; the message is sent with the ids of those that are ready.
 */
export function usePhotoAttachments(conversationId: string) {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const current = useRef(attachments);
  current.current = attachments;

  const update = (key: string, patch: Partial<Attachment>) =>
    setAttachments((list) => list.map((a) => (a.key === key ? { ...a, ...patch } : a)));

  const upload = async (key: string, file: File) => {
    const controller = new AbortController();
    controllers.current.set(key, controller);
    try {
      const photo = await shrinkPhoto(file);
      if (photo.size > MESSAGE_LIMITS.imageMaxBytes)
        return update(key, { status: 'error', error: MESSAGE_PHOTO_REFUSALS.tooLarge });
      const image = await uploadMessagePhoto(conversationId, photo, {
        signal: controller.signal,
        onProgress: (progress) => update(key, { progress }),
      });
      update(key, { status: 'ready', progress: 1, image });
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
    const room = MESSAGE_LIMITS.imagesPerMessage - current.current.length;
    const chosen = [...files];
    if (chosen.length > room) setNotice(MESSAGE_PHOTO_REFUSALS.tooMany);
    const added = chosen.slice(0, Math.max(0, room)).map((file): [Attachment, File] => {
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
    setAttachments((list) => [...list, ...added.map(([a]) => a)]);
    for (const [a, file] of added) if (a.status === 'uploading') void upload(a.key, file);
  };

  const remove = (key: string) => {
    controllers.current.get(key)?.abort();
    const gone = current.current.find((a) => a.key === key);
    if (gone) revoke(gone.preview);
    setNotice(null);
    setAttachments((list) => list.filter((a) => a.key !== key));
  };

  /** After sending: the previews go, nothing is uploaded any more. */
  const clear = () => {
    for (const c of controllers.current.values()) c.abort();
    for (const a of current.current) revoke(a.preview);
    setNotice(null);
    setAttachments([]);
  };

  // Leaving the conversation drops what was chosen for it.
  useEffect(
    () => () => {
      for (const c of controllers.current.values()) c.abort();
      for (const a of current.current) revoke(a.preview);
    },
    [],
  );

  return {
    attachments,
    notice,
    add,
    remove,
    clear,
    uploading: attachments.some((a) => a.status === 'uploading'),
    readyIds: attachments.flatMap((a) => (a.status === 'ready' && a.image ? [a.image.id] : [])),
    full: attachments.length >= MESSAGE_LIMITS.imagesPerMessage,
  };
}
