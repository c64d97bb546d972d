import { MESSAGE_LIMITS } from '@loadout/contracts';
import { Button, ChosenPhoto, cx } from '@loadout/ui';
import { isApiError } from '@loadout/web';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useSend } from '../messaging.hooks';
import { usePhotoAttachments } from './use-photo-attachments';

export const MAX_MESSAGE_LENGTH = MESSAGE_LIMITS.contentMaxLength;

export interface ComposerProps {
  conversationId: string;
  disabled: boolean;
}

/** Writes and sends a message, with up to four photos (each uploaded as soon as it is chosen). */
export function Composer({ conversationId, disabled }: ComposerProps) {
  const send = useSend(conversationId);
  const photos = usePhotoAttachments(conversationId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const trimmed = text.trim();
  const tooLong = [...trimmed].length > MAX_MESSAGE_LENGTH;
  const hasContent = trimmed.length > 0 || photos.readyIds.length > 0;
  const canSend = hasContent && !tooLong && !disabled && !photos.uploading;

  const submit = async () => {
    if (!canSend || sending) return;
    setSending(true);
    setFailed(null);
    const result = await send(trimmed, photos.readyIds);
    setSending(false);
    if (result.ok) {
      setText('');
      photos.clear();
    } else {
      setFailed(
        isApiError(result.error) && result.error.status === 400
          ? result.error.message
          : 'Your message was not sent.',
      );
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };
  // Enter sends, Shift+Enter starts a new line.
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form className="msg-composer" onSubmit={onSubmit} aria-label="Send a message">
      <label htmlFor="msg-composer-input" className="lo-visually-hidden">
        Message
      </label>
      <textarea
        id="msg-composer-input"
        className="lo-input msg-composer__input"
        rows={2}
        value={text}
        disabled={disabled}
        placeholder="Write a message"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={tooLong || undefined}
        aria-describedby="msg-composer-hint"
      />
      <p
        id="msg-composer-hint"
        className={cx('lo-small', tooLong ? 'lo-field__error' : 'lo-muted')}
      >
        {tooLong
          ? `Messages can be at most ${MAX_MESSAGE_LENGTH} characters.`
          : 'Enter to send, Shift+Enter for a new line. Pay only through checkout: escrow protects you there.'}
      </p>
      {photos.items.length > 0 ? (
        <ul className="msg-attachments" aria-label="Photos to send">
          {photos.items.map((a, i) => (
            <ChosenPhoto
              key={a.key}
              name={a.name}
              preview={a.preview}
              progress={a.progress}
              status={a.status}
              error={a.error}
              position={i + 1}
              onRemove={() => photos.remove(a.key)}
            />
          ))}
        </ul>
      ) : null}
      {photos.notice ? (
        <p role="alert" className="lo-small lo-field__error">
          {photos.notice}
        </p>
      ) : null}
      {failed ? (
        <div role="alert" className="msg-send-failed">
          <span>{failed}</span>
          <Button type="submit" size="sm" variant="secondary">
            Retry
          </Button>
        </div>
      ) : null}
      <div className="msg-composer__actions">
        <input
          ref={fileInput}
          type="file"
          accept={MESSAGE_LIMITS.imageTypes.join(',')}
          multiple
          hidden
          data-testid="msg-photo-input"
          onChange={(e) => {
            if (e.target.files) photos.add(e.target.files);
            e.target.value = '';
          }}
        />
        <Button
          variant="secondary"
          disabled={disabled || photos.full}
          onClick={() => fileInput.current?.click()}
        >
          Add photos
        </Button>
        <Button type="submit" loading={sending} disabled={!canSend}>
          Send
        </Button>
      </div>
      {photos.uploading ? (
        <p className="lo-muted lo-small" role="status">
          Uploading photos… Send waits until they are up.
        </p>
      ) : null}
    </form>
  );
}
