import { NavLink } from 'react-router-dom';
import { useUnreadCount } from '../api/get-unread-count';
import { useLiveMessages } from '../live/use-live-messages';

/**
 * "Messages" in the header with the unread count, kept current by the live
 * stream. Loaded only for signed-in visitors (a chunk of its own).
 */
export function MessagesNavLink({ className = 'site-nav__link' }: { className?: string }) {
  useLiveMessages();
  const unread = useUnreadCount().data?.unread ?? 0;
  return (
    <NavLink to="/messages" className={`${className} messages-nav-link`}>
      Messages
      {unread > 0 && (
        <>
          <span className="messages-badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
          <span className="visually-hidden">, {unread} unread</span>
        </>
      )}
    </NavLink>
  );
}
