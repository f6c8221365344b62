import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useConversations } from '../api/get-conversations';
import { useStartConversation } from '../api/send-message';
import { SendBox } from '../components/SendBox';
import '../messages.css';

/**
 * `/messages/new?voyage=<id>&to=<user id>` ("Message skipper" on a voyage,
 * "Message" on an application): the first message about that voyage. When
 * the two already talk about it, the existing thread opens instead.
 */
export function NewConversationPage() {
  const [params] = useSearchParams();
  const voyageId = params.get('voyage') ?? '';
  const to = params.get('to') ?? undefined;
  const title = params.get('title');
  const navigate = useNavigate();
  const conversations = useConversations();
  const start = useStartConversation();
  usePageMeta('New message', 'Write to a skipper or crew member about a voyage.');

  const existing = conversations.data?.conversations.find((c) => c.voyage.id === voyageId && (to ? c.other.id === to : c.voyage.other_is_skipper));
  useEffect(() => {
    if (existing) navigate(`/messages/${existing.id}`, { replace: true });
  }, [existing, navigate]);

  if (!voyageId) return <ErrorState message="Open a voyage and use “Message skipper” to start a conversation." />;
  if (conversations.isPending || existing) return <LoadingState label="Opening the conversation…" />;

  const send = async (body: string): Promise<void> => {
    try {
      const started = await start.mutateAsync({ voyage_id: voyageId, ...(to ? { user_id: to } : {}), message: body });
      navigate(`/messages/${started.conversation.id}`, { replace: true });
    } catch (error) {
      throw new Error(error instanceof ApiError ? error.message : 'Your message could not be sent. Please try again.');
    }
  };
  return (
    <div className="page messages-page messages-page--new">
      <h1>New message</h1>
      <p className="lead">
        About <Link to={`/voyages/${encodeURIComponent(voyageId)}`}>{title ?? 'this voyage'}</Link>
        {to ? '' : ', to its skipper'}.
      </p>
      <div className="card">
        <SendBox onSend={send} label="Your message" autoFocus />
      </div>
    </div>
  );
}
