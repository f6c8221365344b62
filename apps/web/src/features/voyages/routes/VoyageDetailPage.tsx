import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { WhenNearViewport } from '../../../components/ui/WhenNearViewport';
import { useVoyagePanels } from '../../../components/voyage-panels';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { useVoyage } from '../../../api/voyages';
import { AddToCalendarLink } from '../components/detail/AddToCalendarLink';
import { ApplyPanel } from '../components/detail/ApplyPanel';
import { BoatCard } from '../components/detail/BoatCard';
import { SailingAreaPanel } from '../components/detail/SailingAreaPanel';
import { SegmentList } from '../components/detail/SegmentList';
import { MessageSkipperLink } from '../components/detail/MessageSkipperLink';
import { SkipperCard } from '../components/detail/SkipperCard';
import { VoyageFacts } from '../components/detail/VoyageFacts';
import { StatusBadge } from '../components/StatusBadge';
import { MatchScore } from '../../../components/trust/MatchScore';
import { formatRelativeTime, truncate } from '../lib/format';
import { skillName } from '../../../lib/skill-labels';
import { hasRouteCoordinates, sortSegments } from '../lib/segments';
import '../voyages.css';

// Leaflet loads only for voyages with a charted route.
/** The map's place while its code loads (or until it scrolls near): the same size, so nothing moves. */
function MapPlaceholder() {
  const { t } = useLingui();
  return (
    <div className="route-map route-map--loading">
      <LoadingState label={t`Loading map…`} />
    </div>
  );
}
const mapPlaceholder = <MapPlaceholder />;
// Only the skipper edits: a guest's and a crew member's page does not load the owner's controls.
const OwnerPanel = lazy(() => import('../components/detail/OwnerPanel').then((module) => ({ default: module.OwnerPanel })));
const RouteMap = lazy(() => import('../components/map/RouteMap').then((module) => ({ default: module.RouteMap })));

// Only owners can cancel: the confirmation and its Radix code load for them alone.
const CancelVoyageDialog = lazy(() => import('../components/detail/CancelVoyageDialog').then((module) => ({ default: module.CancelVoyageDialog })));

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export function VoyageDetailPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const { token, user } = useSession();
  const query = useVoyage(id);
  const voyage = query.data;
  // Agreements, the float plan, check-ins and the timeline (skipper and accepted crew only), and the
  // review area of a completed voyage: other features' panels, placed here by the app layer.
  const panels = useVoyagePanels();
  const [hovered, setHovered] = useState<number | null>(null);
  const [pinned, setPinned] = useState<number | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const segments = useMemo(() => sortSegments(voyage?.segments ?? []), [voyage?.segments]);

  usePageMeta(
    voyage ? voyage.title : query.isError && isNotFound(query.error) ? t`Voyage not found` : t`Voyage`,
    voyage ? truncate(voyage.description || t`A sailing voyage looking for crew on Crew Finder.`, 155) : t`Voyage details on Crew Finder.`,
  );

  // The page has its level-one heading while the voyage loads too (a screen reader lands on it; slow networks show it).
  if (query.isPending) {
    return (
      <div className="page">
        <h1 className="visually-hidden">{t`Voyage details`}</h1>
        <LoadingState label={t`Loading voyage…`} />
      </div>
    );
  }
  if (query.isError) {
    if (isNotFound(query.error)) {
      return (
        <div className="page page--narrow not-found">
          <h1>
            <Trans>Voyage not found</Trans>
          </h1>
          <p>
            <Trans>This voyage does not exist or is no longer published.</Trans>
          </p>
          <p>
            <Link className="button button--primary" to="/voyages">
              <Trans>Back to voyages</Trans>
            </Link>
          </p>
        </div>
      );
    }
    const reason = query.error.message;
    return (
      <div className="page page--narrow">
        <h1>
          <Trans>Voyage</Trans>
        </h1>
        <ErrorState message={t`Could not load this voyage. ${reason}`} onRetry={() => void query.refetch()} />
      </div>
    );
  }

  const data = query.data;
  const highlighted = hovered ?? pinned;
  const showMap = hasRouteCoordinates(segments);
  const listed = formatRelativeTime(data.created_at);
  // Guests and signed-in viewers (once their account has loaded) see the apply area; the owner never does.
  const showApply = (!token || user !== undefined) && !data.is_owner;

  return (
    <div className="page page--wide voyage-detail">
      <p className="back-link">
        <Link to="/voyages">
          <Trans>← All voyages</Trans>
        </Link>
      </p>
      <header className="voyage-detail__header">
        <div className="voyage-detail__title">
          <h1>{data.title}</h1>
          <StatusBadge status={data.status} />
          {data.archived && (
            <span className="status-badge status-badge--archived">
              <Trans>Archived</Trans>
            </span>
          )}
        </div>
        {listed && (
          <p className="muted">
            <Trans>Listed {listed}</Trans>
          </p>
        )}
        <AddToCalendarLink voyageId={data.id} signedIn={Boolean(token)} />
      </header>
      {/* A voyage the member sails on: kept on the device while it sails soon, and said so (with the copy's age offline). */}
      {user && (data.is_owner || data.my_application?.status === 'accepted') && (
        <Suspense fallback={null}>
          <panels.Offline key={user.id} voyage={data} />
        </Suspense>
      )}
      {data.suspended && (
        <p className="apply-panel__info voyage-detail__suspended" role="note">
          {data.is_owner
            ? t`An administrator has suspended this voyage. It is hidden from browse, the map and search, and takes no applications. The email we sent you gives the reason.`
            : t`An administrator has suspended this voyage. It is hidden from browse, the map and search, and takes no applications.`}
        </p>
      )}
      {notice && (
        <p className="form__success" role="status">
          {notice}
        </p>
      )}
      {data.is_owner && (
        <Suspense fallback={null}>
          <OwnerPanel voyage={data} onRequestCancel={() => setCancelOpen(true)} onNotice={(message) => setNotice(message)} />
        </Suspense>
      )}
      <div className={`voyage-detail__layout${showApply ? ' voyage-detail__layout--apply' : ''}`}>
        <div className="voyage-detail__main">
          <section className="card detail-card" aria-labelledby="about-heading">
            <h2 id="about-heading">
              <Trans>About this voyage</Trans>
            </h2>
            {data.description ? (
              <p className="voyage-detail__description">{data.description}</p>
            ) : (
              <p className="muted">
                <Trans>The skipper has not described this voyage yet.</Trans>
              </p>
            )}
          </section>
          <section className="card detail-card" aria-labelledby="route-heading">
            <h2 id="route-heading">
              <Trans>Route</Trans>
            </h2>
            {showMap ? (
              <WhenNearViewport placeholder={mapPlaceholder}>
                <Suspense fallback={mapPlaceholder}>
                  <RouteMap segments={segments} highlighted={highlighted} onHover={setHovered} onSelect={setPinned} />
                </Suspense>
              </WhenNearViewport>
            ) : (
              <SailingAreaPanel voyage={data} />
            )}
            <h3 className="segment-list__heading">
              <Trans>Legs</Trans>
            </h3>
            <SegmentList segments={segments} highlighted={highlighted} pinned={pinned} onHover={setHovered} onSelect={setPinned} />
          </section>
          {user && (data.is_owner || data.my_application?.status === 'accepted') && (
            <Suspense fallback={<LoadingState label={t`Loading safety and agreements…`} />}>
              <panels.Trust key={`${user.id}:${data.status}`} voyage={data} />
            </Suspense>
          )}
          {data.status === 'completed' && user && (
            <Suspense fallback={null}>
              <panels.Reviews key={user.id} voyageId={data.id} />
            </Suspense>
          )}
        </div>
        {/* Beside the columns, not in one: it heads the side column on a wide screen and is the foot of a phone's.
            Keyed by viewer: signing out or switching account starts it afresh. */}
        {showApply && <ApplyPanel key={user?.id ?? 'guest'} voyage={data} user={user} viewerId={user?.id ?? null} />}
        <aside className="voyage-detail__aside">
          {data.match_score && (
            <section className="card detail-card" aria-labelledby="match-heading">
              <h2 id="match-heading">
                <Trans>Your match</Trans>
              </h2>
              <MatchScore match={data.match_score} heading={t`Match score`} />
            </section>
          )}
          <VoyageFacts voyage={data} />
          <SkipperCard skipper={data.skipper} />
          {!data.is_owner && <MessageSkipperLink voyage={data} user={user ?? null} />}
          {data.boat && <BoatCard boat={data.boat} />}
          <section className="card detail-card" aria-labelledby="skills-heading">
            <h2 id="skills-heading">
              <Trans>Required skills</Trans>
            </h2>
            {data.requirements.skills.length > 0 ? (
              <ul className="chips">
                {data.requirements.skills.map((skill) => (
                  <li key={skill} className="chip-static">
                    {skillName(skill)}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">
                <Trans>No specific skills required.</Trans>
              </p>
            )}
          </section>
        </aside>
      </div>
      {data.is_owner && (
        <Suspense fallback={null}>
          <CancelVoyageDialog voyageId={data.id} title={data.title} open={cancelOpen} onOpenChange={setCancelOpen} onCancelled={(message) => setNotice(message)} />
        </Suspense>
      )}
    </div>
  );
}
