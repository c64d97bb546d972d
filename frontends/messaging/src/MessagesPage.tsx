import { Button, Card, Spinner } from '@loadout/ui';
import {
  useMessagingRealtime,
  usePageMeta,
  useSession,
  useLocation,
  useParams,
} from '@loadout/web';
import { useState } from 'react';
import { ConversationList } from './ConversationList';
import { Thread } from './Thread';
import { useConversations } from './messaging.hooks';
import { cx } from '@loadout/ui';

/**
 * `/messages` and `/messages/{id}`: the list and the open thread side by side on desktop, one
 * at a time on mobile (CSS, driven by whether a thread is open).
 */
export function MessagesPage() {
  usePageMeta('Messages', 'Your conversations with buyers and sellers on Loadout.');
  const session = useSession();
  if (session.status === 'loading') return <Spinner label="Checking your sign-in" />;
  if (session.status !== 'signed-in' || !session.user) return <SignInPrompt />;
  return <Inbox userId={session.user.id} />;
}

function Inbox({ userId }: { userId: string }) {
  const { conversationId = null } = useParams();
  const realtime = useMessagingRealtime(userId);
  const conversations = useConversations(realtime);
  const open = conversations.data?.items.find((c) => c.id === conversationId) ?? null;

  return (
    <div className={cx('msg-layout', conversationId && 'msg-layout--thread-open')}>
      <section className="msg-layout__list" aria-labelledby="msg-list-title">
        <h1 id="msg-list-title" className="msg-title">
          Messages
        </h1>
        <ConversationList query={conversations} userId={userId} selectedId={conversationId} />
      </section>
      <section className="msg-layout__thread" aria-label="Conversation">
        {conversationId ? (
          <Thread
            key={conversationId}
            conversationId={conversationId}
            conversation={open}
            listLoading={conversations.isPending}
            userId={userId}
            realtime={realtime}
          />
        ) : (
          <p className="lo-muted msg-thread-placeholder">Choose a conversation to read it.</p>
        )}
      </section>
    </div>
  );
}

function SignInPrompt() {
  const session = useSession();
  const location = useLocation();
  const [starting, setStarting] = useState(false);
  return (
    <Card padding="lg" className="msg-signin">
      <h1 className="msg-title">Sign in to read your messages</h1>
      <p>Messages between buyers and sellers are private. Signing in brings you back here.</p>
      <Button
        loading={starting}
        onClick={() => {
          setStarting(true);
          void session
            .login({ redirectTo: location.pathname })
            .catch((error: unknown) => console.error('Sign-in could not start', error))
            .finally(() => setStarting(false));
        }}
      >
        Sign in
      </Button>
    </Card>
  );
}
