import type { VoyageResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ApiError } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session';
import { useWatchVoyage, voyageWatchQueryOptions } from '../../../../api/saved-searches';
import '../../saved-searches.css';

/**
 * "Tell me when a berth opens" on a full voyage (the apply area decides when
 * it shows, mayWatchBerth): one email when a berth opens again. A guest is
 * asked to sign in first and comes back to the voyage. A chunk of its own:
 * only full voyages load it.
 */
export function WatchBerthButton({ voyage }: { readonly voyage: Pick<VoyageResponse, 'id'> }) {
  const { t } = useLingui();
  const { token, user } = useSession();
  const location = useLocation();
  const signedIn = token !== null && user !== undefined;
  const state = useQuery({ ...voyageWatchQueryOptions(voyage.id), enabled: signedIn });
  const watch = useWatchVoyage(voyage.id);
  const [notice, setNotice] = useState<string | null>(null);

  if (!token) {
    return (
      <div className="watch-berth">
        <Link className="button button--secondary button--block" to="/login" state={{ from: `${location.pathname}${location.search}` }}>
          <Trans>Tell me when a berth opens</Trans>
        </Link>
      </div>
    );
  }
  // Until the member's state is known, nothing: a button that might say the opposite would be a wrong claim.
  if (!signedIn || !state.data) return null;

  const watching = state.data.watching;
  const toggle = () => {
    setNotice(null);
    watch.mutate(!watching, {
      onSuccess: (next) => setNotice(next.watching ? t`We will email you when a berth opens on this voyage.` : t`You no longer watch this voyage.`),
    });
  };
  const failure = watch.error instanceof ApiError && watch.error.message ? watch.error.message : t`Could not change this just now. Please try again.`;

  return (
    <div className="watch-berth">
      <button type="button" className="button button--secondary button--block" disabled={watch.isPending} onClick={toggle}>
        {watching ? t`Stop watching` : t`Tell me when a berth opens`}
      </button>
      <p className="watch-berth__status" role="status">
        {notice}
      </p>
      {watch.isError && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
