import {
  OFF_PLATFORM_WARNING_TEXT,
  type ConversationDto,
  type MessageDto,
} from '@loadout/contracts';
import { Avatar, Button, EmptyState, ErrorPanel, Spinner, cx } from '@loadout/ui';
import {
  formatListingPrice,
  isApiError,
  relativeTime,
  requestReport,
  truncate,
  type RealtimeStatus,
  Link,
} from '@loadout/web';
import { useEffect, useRef } from 'react';
import { conversationTitle } from './ConversationList';
import { Composer } from './composer/Composer';
import { useBlock, useMarkRead, useThread } from './messaging.hooks';
import { MessagePhotos } from './photos/MessagePhotos';

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
        <div className="msg-thread__person">
          {conversation ? <Avatar name={title} url={conversation.otherUser.avatarUrl} /> : null}
          <h2 className="msg-thread__title">{title}</h2>
        </div>
        {conversation?.listing ? (
          <p className="lo-muted lo-small">
            <Link to={`/listing/${conversation.listing.id}`}>
              {`About ${conversation.listing.title}`}
            </Link>
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
            <Composer
              key={conversationId}
              conversationId={conversationId}
              disabled={listLoading && !conversation}
            />
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
      {message.content ? (
        <p
          className={cx(
            'msg-message__content',
            message.hiddenByModerator && 'msg-message__content--hidden',
          )}
        >
          {message.content}
        </p>
      ) : null}
      <MessagePhotos images={message.images ?? []} />
      <time className="lo-muted lo-small" dateTime={message.createdAt}>
        {relativeTime(message.createdAt)}
      </time>
      {!mine && !message.hiddenByModerator ? (
        <button
          type="button"
          className="msg-report"
          onClick={() =>
            requestReport({
              type: 'message',
              id: message.id,
              conversationId: message.conversationId,
              label: truncate(message.content || 'A message with photos', 60),
            })
          }
        >
          Report<span className="lo-visually-hidden"> this message</span>
        </button>
      ) : null}
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
