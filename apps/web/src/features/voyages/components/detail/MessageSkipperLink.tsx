import type { UserResponse, VoyageResponse } from '@crew/contracts';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { isCrewLike } from '../../../../lib/session';

/**
 * "Message skipper" for anyone but the skipper who may write to them: crew
 * (also before applying) and applicants. A guest is taken to log in first
 * (the messages screens are for signed-in members) and comes back here after.
 */
export function MessageSkipperLink({ voyage, user }: { voyage: VoyageResponse; user: UserResponse | null }) {
  if (voyage.status === 'draft') return null;
  if (user && !isCrewLike(user) && !voyage.my_application) return null;
  const to = `/messages/new?voyage=${encodeURIComponent(voyage.id)}&title=${encodeURIComponent(voyage.title)}`;
  return (
    <Link to={to} className="button button--secondary message-skipper">
      <Trans>Message skipper</Trans>
    </Link>
  );
}
