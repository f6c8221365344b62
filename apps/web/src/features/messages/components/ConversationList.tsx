import type { Conversation } from '@crew/contracts';
import { Plural, useLingui } from '@lingui/react/macro';
import { NavLink } from 'react-router-dom';
import { messageTime } from '../lib/time';

export interface ConversationListProps {
  readonly conversations: readonly Conversation[];
  /** More (older) conversations than those shown. */
  readonly hasOlder?: boolean;
  readonly loadingOlder?: boolean;
  readonly onLoadOlder?: () => void;
}

/** "3 unread": the figure shown, and the word for screen readers. */
function UnreadCount({ count }: { count: number }) {
  return (
    <>
      {count}
      <span className="visually-hidden">
        {' '}
        <Plural value={count} one="unread" other="unread" />
      </span>
    </>
  );
}

/** The inbox: other person, voyage, last message, time and unread count; the open one is marked as current; older ones on demand. */
export function ConversationList({ conversations, hasOlder = false, loadingOlder = false, onLoadOlder }: ConversationListProps) {
  const { t } = useLingui();
  /** The last message's preview, "You: …" when it is the reader's own. */
  const preview = (last: NonNullable<Conversation['last_message']>): string => {
    const text = last.preview;
    return last.mine ? t`You: ${text}` : text;
  };
  return (
    <>
      <ul className="conversation-list">
        {conversations.map((c) => (
          <li key={c.id}>
            <NavLink
              to={`/messages/${c.id}`}
              className={({ isActive }) => `conversation-item${isActive ? ' conversation-item--active' : ''}${c.unread_count > 0 ? ' conversation-item--unread' : ''}`}
            >
              <span className="conversation-item__top">
                <span className="conversation-item__name">{c.other.name}</span>
                <time className="conversation-item__time" dateTime={c.updated_at}>
                  {messageTime(c.updated_at)}
                </time>
              </span>
              <span className="conversation-item__voyage">{c.voyage.title ?? t`Voyage no longer listed`}</span>
              <span className="conversation-item__bottom">
                <span className="conversation-item__preview">{c.last_message ? preview(c.last_message) : t`No messages yet`}</span>
                {c.unread_count > 0 && (
                  <span className="messages-badge">
                    <UnreadCount count={c.unread_count} />
                  </span>
                )}
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
      {hasOlder && onLoadOlder && (
        <div className="conversation-list__older">
          <button type="button" className="button button--secondary button--small" onClick={onLoadOlder} disabled={loadingOlder} aria-busy={loadingOlder}>
            {loadingOlder ? t`Loading older conversations…` : t`Show older conversations`}
          </button>
        </div>
      )}
    </>
  );
}
