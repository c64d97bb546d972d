import {
  OFF_PLATFORM_WARNING_TEXT,
  type ConversationDto,
  type MessageDto,
} from '@loadout/contracts';
import { Button, EmptyState, ErrorPanel, Spinner, cx } from '@loadout/ui';
import { formatListingPrice, isApiError, relativeTime, type RealtimeStatus } from '@loadout/web';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { conversationTitle } from './ConversationList';
import { useBlock, useMarkRead, useSend, useThread } from './messaging.hooks';

export const MAX_MESSAGE_LENGTH = 2000;

export interface ThreadProps {
  conversationId: string;
  conversation: ConversationDto | null;
  listLoading: boolean;
  userId: string;
  realtime: RealtimeStatus;
}

export function Thread({
  conversationId,
  conversation,
  listLoading,
  userId,
  realtime,
}: ThreadProps) {
  const thread = useThread(conversationId, realtime);
  const markRead = useMarkRead(userId);
  const messages = thread.data;
  const lastIncoming = messages?.filter((m) => m.receiverId === userId).at(-1)?.id;
  const endRef = useRef<HTMLDivElement>(null);

  // Opening the thread, and each new incoming message while it is open, sets the count to 0.
  useEffect(() => {
    if (thread.isSuccess) markRead.mutate(conversationId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationId, thread.isSuccess, lastIncoming]);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages?.length]);

  const title = conversation ? conversationTitle(conversation) : 'Conversation';
  return (
    <div className="msg-thread">
      <header className="msg-thread__header">
        <Link to="/messages" className="msg-back">
          ← All conversations
        </Link>
        <h2 className="msg-thread__title">{title}</h2>
        {conversation?.listing ? (
          <p className="lo-muted lo-small">
            <Link to={`/listing/${conversation.listing.id}`}>View listing</Link>
            {conversation.listing.priceCents != null
              ? ` · ${formatListingPrice(conversation.listing.priceCents)}`
              : null}
          </p>
        ) : null}
        {conversation ? <BlockToggle conversation={conversation} /> : null}
        {realtime !== 'open' ? (
          <p className="lo-muted lo-small" role="status">
            Live updates are paused; checking for new messages every few seconds.
          </p>
        ) : null}
      </header>

      {thread.isPending ? (
        <Spinner label="Loading messages" />
      ) : thread.isError ? (
        <ErrorPanel
          headingLevel={3}
          title={
            isApiError(thread.error) && thread.error.status === 403
              ? thread.error.message
              : 'This conversation could not be loaded'
          }
          message={
            isApiError(thread.error) && thread.error.status !== 403
              ? thread.error.message
              : undefined
          }
          onRetry={() => void thread.refetch()}
          retrying={thread.isFetching}
        />
      ) : (
        <>
          {messages!.length === 0 ? (
            <EmptyState headingLevel={3} title="No messages yet" description="Say hello below." />
          ) : (
            <ol className="msg-messages" aria-label="Messages" aria-live="polite">
              {messages!.map((m) => (
                <MessageItem key={m.id} message={m} mine={m.senderId === userId} />
              ))}
            </ol>
          )}
          <div ref={endRef} />
          {conversation?.blocked ? (
            <p className="lo-muted" role="status">
              {conversation.blockedByMe
                ? 'You blocked this user. Unblock them to send messages.'
                : 'You can no longer send messages in this conversation.'}
            </p>
          ) : (
            <Composer conversationId={conversationId} disabled={listLoading && !conversation} />
          )}
        </>
      )}
    </div>
  );
}

function MessageItem({ message, mine }: { message: MessageDto; mine: boolean }) {
  return (
    <li className={cx('msg-message', mine ? 'msg-message--mine' : 'msg-message--theirs')}>
      <span className="lo-visually-hidden">{mine ? 'You' : 'They'} wrote:</span>
      <p className="msg-message__content">{message.content}</p>
      <time className="lo-muted lo-small" dateTime={message.createdAt}>
        {relativeTime(message.createdAt)}
      </time>
      {message.offPlatformWarning ? (
        <p className="msg-warning" role="note">
          <strong>Warning: </strong>
          {OFF_PLATFORM_WARNING_TEXT}
        </p>
      ) : null}
    </li>
  );
}

function BlockToggle({ conversation }: { conversation: ConversationDto }) {
  const block = useBlock(conversation.id);
  if (conversation.blocked && !conversation.blockedByMe) return null;
  return (
    <Button
      size="sm"
      variant="ghost"
      loading={block.isPending}
      onClick={() => block.mutate(!conversation.blockedByMe)}
    >
      {conversation.blockedByMe ? 'Unblock user' : 'Block user'}
    </Button>
  );
}

function Composer({ conversationId, disabled }: { conversationId: string; disabled: boolean }) {
  const send = useSend(conversationId);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const trimmed = text.trim();
  const tooLong = [...trimmed].length > MAX_MESSAGE_LENGTH;

  const submit = async () => {
    if (!trimmed || tooLong || sending) return;
    setSending(true);
    setFailed(null);
    const result = await send(trimmed);
    setSending(false);
    if (result.ok) {
      setText('');
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
      {failed ? (
        <div role="alert" className="msg-send-failed">
          <span>{failed}</span>
          <Button type="submit" size="sm" variant="secondary">
            Retry
          </Button>
        </div>
      ) : null}
      <Button type="submit" loading={sending} disabled={!trimmed || tooLong || disabled}>
        Send
      </Button>
    </form>
  );
}
