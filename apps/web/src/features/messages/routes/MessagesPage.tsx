import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';
import { conversationsQueryOptions } from '../../../api/messages';
import { ConversationList } from '../components/ConversationList';
import { OpenThread } from '../components/OpenThread';
import '../messages.css';

/** `/messages` and `/messages/:id`: the conversation list beside the open thread (one at a time on a phone). */
export function MessagesPage() {
  const { id } = useParams<{ id: string }>();
  const conversations = useInfiniteQuery(conversationsQueryOptions());
  usePageMeta('Messages', 'Your conversations with skippers and crew.');
  const total = conversations.data?.unread_total ?? 0;
  return (
    <div className={`page messages-page${id ? ' messages-page--thread' : ''}`}>
      <h1 className="messages-page__title">Messages{total > 0 && <span className="visually-hidden">, {total} unread</span>}</h1>
      <div className="messages-layout">
        <nav className="messages-layout__list" aria-label="Conversations">
          {conversations.isPending ? (
            <LoadingState label="Loading conversations…" />
          ) : conversations.isLoadingError ? (
            <ErrorState message={conversations.error.message} onRetry={() => void conversations.refetch()} />
          ) : conversations.data.conversations.length === 0 ? (
            <EmptyState title="No messages yet">
              <p>
                Find a voyage and use “Message skipper” to ask a question. <Link to="/voyages">Browse voyages</Link>
              </p>
            </EmptyState>
          ) : (
            <>
              <ConversationList
                conversations={conversations.data.conversations}
                hasOlder={conversations.hasNextPage}
                loadingOlder={conversations.isFetchingNextPage}
                onLoadOlder={() => void conversations.fetchNextPage()}
              />
              {conversations.isFetchNextPageError && (
                <p className="conversation-list__error" role="alert">
                  Older conversations could not be loaded. Please try again.
                </p>
              )}
            </>
          )}
        </nav>
        <div className="messages-layout__thread">
          {id ? (
            <>
              <Link to="/messages" className="messages-page__back">
                ← All conversations
              </Link>
              <OpenThread key={id} conversationId={id} />
            </>
          ) : (
            <p className="muted messages-layout__hint">Choose a conversation to read it.</p>
          )}
        </div>
      </div>
    </div>
  );
}
