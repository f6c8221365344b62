import { Plural, Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  usePageMeta(t`Messages`, t`Your conversations with skippers and crew.`);
  const total = conversations.data?.unread_total ?? 0;
  return (
    <div className={`page messages-page${id ? ' messages-page--thread' : ''}`}>
      <h1 className="messages-page__title">
        <Trans>Messages</Trans>
        {total > 0 && (
          <span className="visually-hidden">
            <Plural value={total} one=", # unread" other=", # unread" />
          </span>
        )}
      </h1>
      <div className="messages-layout">
        <nav className="messages-layout__list" aria-label={t`Conversations`}>
          {conversations.isPending ? (
            <LoadingState label={t`Loading conversations…`} />
          ) : conversations.isLoadingError ? (
            <ErrorState message={conversations.error.message} onRetry={() => void conversations.refetch()} />
          ) : conversations.data.conversations.length === 0 ? (
            <EmptyState title={t`No messages yet`}>
              <p>
                <Trans>
                  Find a voyage and use “Message skipper” to ask a question. <Link to="/voyages">Browse voyages</Link>
                </Trans>
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
                  <Trans>Older conversations could not be loaded. Please try again.</Trans>
                </p>
              )}
            </>
          )}
        </nav>
        <div className="messages-layout__thread">
          {id ? (
            <>
              <Link to="/messages" className="messages-page__back">
                <Trans>← All conversations</Trans>
              </Link>
              <OpenThread key={id} conversationId={id} />
            </>
          ) : (
            <p className="muted messages-layout__hint">
              <Trans>Choose a conversation to read it.</Trans>
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
