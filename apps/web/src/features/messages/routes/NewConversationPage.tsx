import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { publicProfileQueryOptions } from '../../../api/members';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { voyageQueryOptions } from '../../../api/voyages';
import { conversationsQueryOptions, useStartConversation } from '../../../api/messages';
import { SendBox } from '../components/SendBox';
import '../messages.css';

/**
 * `/messages/new?voyage=<id>&to=<user id>` ("Message skipper" on a voyage,
 * "Message" on an application): the first message about that voyage. When
 * the two already talk about it, the existing thread opens instead. The page
 * always has its heading, and says by name whom the message goes to.
 */
export function NewConversationPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const voyageId = params.get('voyage') ?? '';
  const to = params.get('to') ?? undefined;
  const title = params.get('title');
  const navigate = useNavigate();
  const conversations = useInfiniteQuery(conversationsQueryOptions());
  const start = useStartConversation();
  const { user } = useSession();
  const profile = useQuery({ ...publicProfileQueryOptions(to ?? ''), enabled: Boolean(to) });
  const voyage = useQuery({ ...voyageQueryOptions(voyageId, user?.id ?? null), enabled: !to && voyageId !== '' });
  usePageMeta(t`New message`, t`Write to a skipper or crew member about a voyage.`);

  const existing = conversations.data?.conversations.find((c) => c.voyage.id === voyageId && (to ? c.other.id === to : c.voyage.other_is_skipper));
  useEffect(() => {
    if (existing) navigate(`/messages/${existing.id}`, { replace: true });
  }, [existing, navigate]);

  const send = async (body: string): Promise<void> => {
    try {
      const started = await start.mutateAsync({ voyage_id: voyageId, ...(to ? { user_id: to } : {}), message: body });
      navigate(`/messages/${started.conversation.id}`, { replace: true });
    } catch (error) {
      throw new Error(error instanceof ApiError ? error.message : t`Your message could not be sent. Please try again.`);
    }
  };
  // Who the message goes to, by name: the member named in the link, else the voyage's skipper.
  const name = to
    ? profile.data && `${profile.data.first_name} ${profile.data.last_name}`.trim()
    : voyage.data && `${voyage.data.skipper.first_name} ${voyage.data.skipper.last_name}`.trim();
  const voyageTitle = title ?? voyage.data?.title ?? t`this voyage`;
  const voyagePath = `/voyages/${encodeURIComponent(voyageId)}`;
  return (
    <div className="page messages-page messages-page--new">
      <h1>
        <Trans>New message</Trans>
      </h1>
      {!voyageId ? (
        <ErrorState message={t`Open a voyage and use “Message skipper” to start a conversation.`} />
      ) : conversations.isPending || existing ? (
        <LoadingState label={t`Opening the conversation…`} />
      ) : (
        <>
          <p className="lead">
            {to ? (
              name ? (
                <Trans>
                  To <strong>{name}</strong>, about <Link to={voyagePath}>{voyageTitle}</Link>.
                </Trans>
              ) : (
                <Trans>
                  To <strong>this member</strong>, about <Link to={voyagePath}>{voyageTitle}</Link>.
                </Trans>
              )
            ) : name ? (
              <Trans>
                To <strong>{name}</strong>, the skipper, about <Link to={voyagePath}>{voyageTitle}</Link>.
              </Trans>
            ) : (
              <Trans>
                To <strong>the skipper</strong>, about <Link to={voyagePath}>{voyageTitle}</Link>.
              </Trans>
            )}
          </p>
          <div className="card">
            <SendBox onSend={send} label={name ? t`Your message to ${name}` : t`Your message`} autoFocus />
          </div>
        </>
      )}
    </div>
  );
}
