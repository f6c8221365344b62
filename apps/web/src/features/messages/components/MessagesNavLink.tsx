import { Plural, Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router-dom';
import { unreadCountQueryOptions } from '../../../api/messages';
import { useLiveMessages } from '../live/use-live-messages';

const shown = (unread: number): string => (unread > 99 ? '99+' : String(unread));

/** "Messages" with the unread count; `MessagesNavLink` keeps the count current. */
export function MessagesLink({ className = 'site-nav__link' }: { className?: string }) {
  const unread = useQuery(unreadCountQueryOptions()).data?.unread ?? 0;
  return (
    <NavLink to="/messages" className={`${className} messages-nav-link`}>
      <Trans>Messages</Trans>
      {unread > 0 && (
        <>
          <span className="messages-badge" aria-hidden="true">
            {shown(unread)}
          </span>
          <span className="visually-hidden">
            <Plural value={unread} one=", # unread" other=", # unread" />
          </span>
        </>
      )}
    </NavLink>
  );
}

/**
 * "Messages" in the header with the unread count, kept current by the live
 * stream. Loaded only for signed-in visitors (a chunk of its own).
 */
export function MessagesNavLink({ className = 'site-nav__link' }: { className?: string }) {
  useLiveMessages();
  return <MessagesLink className={className} />;
}

/**
 * The unread count on the phone's menu button, where the Messages link itself
 * is out of sight in the closed menu; it completes the button's name
 * ("Open menu, 2 unread messages"). Nothing when all is read.
 */
export function UnreadMenuBadge() {
  const unread = useQuery(unreadCountQueryOptions()).data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <>
      <span className="messages-badge" aria-hidden="true">
        {shown(unread)}
      </span>
      <span className="visually-hidden">
        <Plural value={unread} one=", # unread message" other=", # unread messages" />
      </span>
    </>
  );
}
