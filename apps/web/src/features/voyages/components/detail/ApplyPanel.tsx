import type { ApplicationStatus, UserResponse, VoyageResponse } from '@crew/contracts';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { afterNextPaint } from '../../../../lib/after-first-paint';
import { lazyComponent } from '../../../../lib/lazy-component';
import type { ApplyDialog as ApplyDialogComponent } from './ApplyDialog';
import { isCrewLike } from '../../../../lib/session';
import { applicationStatusLabel } from '../../../../lib/code-labels';
// The dialog (and its Radix and form code) is not part of the page: it is fetched once the page has painted,
// for a member who may apply only, so the tap on Apply opens it at once instead of waiting for the network.
const ApplyDialog = lazyComponent<ComponentProps<typeof ApplyDialogComponent>>(() => import('./ApplyDialog'), 'ApplyDialog');
// "Tell me when a berth opens": full voyages only.
const WatchBerthButton = lazy(() => import('./WatchBerthButton').then((module) => ({ default: module.WatchBerthButton })));
// Only a skipper looking at someone's voyage is offered the switch: not part of the page every visitor loads.
const SwitchToBothAccount = lazy(() => import('../../../../components/account/SwitchToBothAccount').then((module) => ({ default: module.SwitchToBothAccount })));

/** A voyage can be applied to only while planning or active. */
export const isOpenForApplications = (status: VoyageResponse['status']): boolean => status === 'planning' || status === 'active';

/**
 * Whether a member may ask to hear when a berth opens: the voyage is full
 * before it sails (its status, or its crew complete), the viewer is a guest (who signs in first) or crew
 * neither aboard nor applying (a withdrawn or expired application may apply again), never its skipper.
 */
export function mayWatchBerth(voyage: VoyageResponse, user: Pick<UserResponse, 'user_type'> | undefined): boolean {
  const full = voyage.status === 'full' || (isOpenForApplications(voyage.status) && voyage.current_crew_count >= voyage.total_crew_needed);
  const mine = user ? voyage.my_application?.status : undefined;
  return full && !voyage.suspended && !voyage.is_owner && (!user || (isCrewLike(user) && (!mine || mine === 'withdrawn' || mine === 'expired')));
}

/** The label of an application the viewer made, or 'Applied' when only the server's refusal says so. */
export const applicationLabel = (status: ApplicationStatus | null): string => (status ? applicationStatusLabel(status) : t`Applied`);

export type ApplyAreaState =
  | { readonly kind: 'hidden' }
  | { readonly kind: 'guest' }
  | { readonly kind: 'not-crew' }
  | { readonly kind: 'closed'; readonly reason: 'full' | 'closed' }
  | { readonly kind: 'can-apply' }
  | { readonly kind: 'applied'; readonly status: ApplicationStatus | null; readonly canApplyAgain: boolean; readonly closed: 'full' | 'closed' | null };

/**
 * What the apply area shows (docs/features/applications.md): nothing to the owner; the
 * viewer's own application first; then whether the voyage still takes
 * applications; then who may apply: guests log in, crew and "both" apply,
 * skipper (and admin) accounts cannot. `user` undefined: a guest;
 * `markedApplied`: the server refused because the viewer had already applied.
 */
export function applyAreaState(voyage: VoyageResponse, user: Pick<UserResponse, 'user_type'> | undefined, markedApplied = false): ApplyAreaState {
  if (voyage.is_owner) return { kind: 'hidden' };
  // A suspended voyage takes no applications, whatever its status says.
  const open = isOpenForApplications(voyage.status) && !voyage.suspended;
  const closed = open ? null : voyage.status === 'full' && !voyage.suspended ? 'full' : 'closed';
  const crew = user !== undefined && isCrewLike(user);
  const mine = user ? voyage.my_application : null;
  if (mine || (user && markedApplied)) {
    const status = mine?.status ?? null;
    // A withdrawn (or expired) applicant may apply again, a rejected one may not.
    return { kind: 'applied', status, canApplyAgain: (status === 'withdrawn' || status === 'expired') && open && crew, closed };
  }
  if (closed) return { kind: 'closed', reason: closed };
  if (!user) return { kind: 'guest' };
  if (!crew) return { kind: 'not-crew' };
  return { kind: 'can-apply' };
}

interface ApplyPanelProps {
  readonly voyage: VoyageResponse;
  /** The signed-in user, undefined for a guest. */
  readonly user: UserResponse | undefined;
  readonly viewerId: string | null;
}

type Notice = { readonly kind: 'success' | 'info'; readonly text: string };

/**
 * "Join this voyage": the area at the head of the side column (a bar at the
 * foot of a phone's screen) where crew apply, see their application's
 * status, or learn why they cannot apply. Mounted once per
 * viewer (keyed by the page), so signing out clears what it remembered.
 */
export function ApplyPanel({ voyage, user, viewerId }: ApplyPanelProps) {
  const { t: translate } = useLingui();
  const location = useLocation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [markedApplied, setMarkedApplied] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const state = applyAreaState(voyage, user, markedApplied);
  const mayApply = state.kind === 'can-apply' || (state.kind === 'applied' && state.canApplyAgain);

  useEffect(() => {
    if (mayApply) void afterNextPaint().then(ApplyDialog.preload);
  }, [mayApply]);

  // The button that opened the dialog is gone once the application is made: move focus to the outcome.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  if (state.kind === 'hidden') return null;

  const openDialog = () => {
    setNotice(null);
    setDialogOpen(true);
  };
  const closedText = (reason: 'full' | 'closed') => (reason === 'full' ? translate`This voyage is full` : translate`Applications are closed`);

  return (
    <section className="card detail-card apply-panel" aria-label={translate`Join this voyage`}>
      <h2>
        <Trans>Join this voyage</Trans>
      </h2>
      {notice && (
        <p ref={noticeRef} tabIndex={-1} className={notice.kind === 'success' ? 'form__success' : 'apply-panel__info'} role="status">
          {notice.text}
        </p>
      )}
      {state.kind === 'guest' && (
        <>
          <p className="muted apply-panel__explain">
            <Trans>Log in with your crew account to send the skipper an application.</Trans>
          </p>
          <Link className="button button--primary button--block" to="/login" state={{ from: `${location.pathname}${location.search}` }}>
            <Trans>Login to Apply</Trans>
          </Link>
        </>
      )}
      {state.kind === 'not-crew' &&
        (user && !user.is_admin && user.user_type === 'skipper' ? (
          <>
            <p className="apply-panel__status">
              <Trans>Skipper accounts cannot apply for voyages</Trans>
            </p>
            <p className="muted">
              <Trans>Switch this account to Skipper &amp; Crew to apply with it: no second account or email needed.</Trans>
            </p>
            {/* Once switched, the account can apply: the application form opens at once. */}
            <Suspense fallback={null}>
              <SwitchToBothAccount from="skipper" startLabel={translate`Switch to Skipper & Crew to apply`} onSwitched={openDialog} />
            </Suspense>
          </>
        ) : (
          <p className="apply-panel__status">
            <Trans>Administrator accounts cannot apply for voyages</Trans>
          </p>
        ))}
      {state.kind === 'closed' && <p className="apply-panel__status">{closedText(state.reason)}</p>}
      {state.kind === 'can-apply' && (
        <button type="button" className="button button--primary button--block" onClick={openDialog}>
          <Trans>Apply to Join</Trans>
        </button>
      )}
      {state.kind === 'applied' && (
        <>
          <p className={`apply-panel__status apply-panel__status--${state.status ?? 'applied'}`}>{applicationLabel(state.status)}</p>
          {state.status === 'rejected' && (
            <p>
              <Link to="/voyages">
                <Trans>Browse other voyages</Trans>
              </Link>
            </p>
          )}
          {state.status === 'withdrawn' && state.closed && <p className="muted">{closedText(state.closed)}</p>}
          {state.canApplyAgain && (
            <button type="button" className="button button--primary button--block" onClick={openDialog}>
              <Trans>Apply Again</Trans>
            </button>
          )}
        </>
      )}
      {mayWatchBerth(voyage, user) && (
        <Suspense fallback={null}>
          <WatchBerthButton voyage={voyage} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {dialogOpen && (
          <ApplyDialog
            voyage={voyage}
            viewerId={viewerId}
            onClose={() => setDialogOpen(false)}
            onApplied={(text) => {
              setDialogOpen(false);
              setMarkedApplied(false);
              setNotice({ kind: 'success', text });
            }}
            onAlreadyApplied={(text) => {
              setDialogOpen(false);
              setMarkedApplied(true);
              setNotice({ kind: 'info', text });
            }}
          />
        )}
      </Suspense>
    </section>
  );
}
