import type { Conversation } from '@crew/contracts';
import { NavLink } from 'react-router-dom';
import { messageTime } from '../lib/time';

export interface ConversationListProps {
  readonly conversations: readonly Conversation[];
  /** More (older) conversations than those shown. */
  readonly hasOlder?: boolean;
  readonly loadingOlder?: boolean;
  readonly onLoadOlder?: () => void;
}

/** The inbox: other person, voyage, last message, time and unread count; the open one is marked as current; older ones on demand. */
export function ConversationList({ conversations, hasOlder = false, loadingOlder = false, onLoadOlder }: ConversationListProps) {
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
              <span className="conversation-item__voyage">{c.voyage.title ?? 'Voyage no longer listed'}</span>
              <span className="conversation-item__bottom">
                <span className="conversation-item__preview">{c.last_message ? `${c.last_message.mine ? 'You: ' : ''}${c.last_message.preview}` : 'No messages yet'}</span>
                {c.unread_count > 0 && (
                  <span className="messages-badge">
                    {c.unread_count}
                    <span className="visually-hidden"> unread</span>
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
            {loadingOlder ? 'Loading older conversations…' : 'Show older conversations'}
          </button>
        </div>
      )}
    </>
  );
}
