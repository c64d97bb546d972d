import { type ConversationDto, type ConversationListResponse } from '@loadout/contracts';
import { Avatar, Badge, EmptyState, ErrorPanel, Skeleton, cx } from '@loadout/ui';
import { formatListingPrice, isApiError, relativeTime, Link } from '@loadout/web';
import { type UseQueryResult } from '@tanstack/react-query';

export interface ConversationListProps {
  query: UseQueryResult<ConversationListResponse>;
  userId: string;
  selectedId: string | null;
}

/** Shown when identity does not name the other person (a closed account, or not reachable). */
export const UNNAMED_MEMBER = 'Loadout member';

/** Who the conversation is with: the other person's display name (never an id). */
export function conversationTitle(c: ConversationDto): string {
  return c.otherUser.displayName ?? UNNAMED_MEMBER;
}

/** What it is about: "About <listing>", or null for a conversation without a listing. */
export function conversationSubject(c: ConversationDto): string | null {
  return c.listing ? `About ${c.listing.title}` : null;
}

export function ConversationList({ query, userId, selectedId }: ConversationListProps) {
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading conversations">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="msg-skeleton" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorPanel
        headingLevel={2}
        title="Your conversations could not be loaded"
        message={isApiError(query.error) ? query.error.message : undefined}
        reference={isApiError(query.error) ? query.error.requestId : undefined}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const items = query.data.items;
  if (items.length === 0) {
    return (
      <EmptyState
        title="No messages yet"
        description={'Open a listing and choose "Message seller" to ask about it.'}
        action={<Link to="/marketplace">Browse the marketplace</Link>}
      />
    );
  }
  return (
    <ul className="msg-conversations" aria-label="Conversations">
      {items.map((c) => {
        const unread = c.unreadCount[userId] ?? 0;
        return (
          <li key={c.id}>
            <Link
              to={`/messages/${c.id}`}
              className={cx('msg-conversation', c.id === selectedId && 'is-selected')}
              aria-current={c.id === selectedId ? 'page' : undefined}
            >
              <Avatar name={conversationTitle(c)} url={c.otherUser.avatarUrl} />
              <span className="msg-conversation__body">
                <span className="msg-conversation__title">{conversationTitle(c)}</span>
                {c.listing ? (
                  <span className="msg-conversation__subject lo-muted lo-small">
                    {conversationSubject(c)}
                    {c.listing.priceCents != null
                      ? ` · ${formatListingPrice(c.listing.priceCents)}`
                      : null}
                  </span>
                ) : null}
                <span className="msg-conversation__preview">
                  {c.lastMessage ?? 'No messages yet'}
                </span>
                {c.lastMessageOffPlatform ? (
                  <span className="msg-conversation__warning">
                    Warning: asks for payment outside Loadout
                  </span>
                ) : null}
              </span>
              <span className="msg-conversation__meta">
                {c.lastMessageAt ? (
                  <time className="lo-muted lo-small" dateTime={c.lastMessageAt}>
                    {relativeTime(c.lastMessageAt)}
                  </time>
                ) : null}
                {unread > 0 ? (
                  <Badge tone="accent" className="msg-unread">
                    <span aria-hidden="true">{unread > 9 ? '9+' : unread}</span>
                    <span className="lo-visually-hidden">{unread} unread</span>
                  </Badge>
                ) : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
