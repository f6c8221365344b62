import type { VoyageResponse, VoyageTrustResponse } from '@crew/contracts';
import { activeLocale } from '../../../i18n/i18n';
import { departureDayText, hasDepartureDayBegun } from '@crew/contracts/constants';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { useSailingLogAction, voyageTrustQueryOptions } from '../../../api/trust';
import '../trust.css';
import { AgreementForm } from './AgreementForm';
import { CheckInPanel } from './CheckInPanel';
import { FloatPlanForm } from './FloatPlanForm';
import { FloatPlanSummary } from './FloatPlanSummary';
import { Timeline } from './Timeline';

type CrewRow = VoyageTrustResponse['crew'][number];

function AgreementBadge({ agreement }: { agreement: CrewRow['agreement'] }) {
  if (!agreement) {
    return (
      <span className="trust-badge trust-badge--none">
        <Trans>no agreement yet</Trans>
      </span>
    );
  }
  const { version, accepted_version: acceptedVersion } = agreement;
  if (agreement.accepted) {
    return (
      <span className="trust-badge trust-badge--accepted">
        <Trans>agreement accepted (v{version})</Trans>
      </span>
    );
  }
  return (
    <span className="trust-badge trust-badge--waiting">
      {acceptedVersion ? (
        <Trans>
          waiting (v{acceptedVersion} accepted, v{version} issued)
        </Trans>
      ) : (
        <Trans>waiting (v{version} issued)</Trans>
      )}
    </span>
  );
}

const LOG_LABEL = {
  pending: msg`log entry waiting for your confirmation`,
  confirmed: msg`log entry confirmed`,
  removed: msg`removed from the log`,
} as const;

/** One accepted crew member as the skipper sees them: agreement, its form, and the sailing-log confirmation after completion. */
function CrewTrustRow({ voyage, crew, onNotice }: { voyage: VoyageResponse; crew: CrewRow; onNotice: (message: string) => void }) {
  const { t } = useLingui();
  const name = crew.name;
  const [editing, setEditing] = useState(false);
  const log = useSailingLogAction(voyage.id);
  const [error, setError] = useState<string | null>(null);
  const act = async (action: 'confirm' | 'remove') => {
    setError(null);
    try {
      await log.mutateAsync({ crewId: crew.id, action });
      onNotice(action === 'confirm' ? t`${name}'s sailing log now shows this voyage.` : t`${name} is left out of the sailing log for this voyage.`);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t`The sailing log could not be changed. Please try again.`);
    }
  };
  const open = voyage.status !== 'completed' && voyage.status !== 'cancelled';
  return (
    <li className="trust-crew" data-testid="trust-crew">
      <div className="trust-crew__head">
        <Link to={`/users/${encodeURIComponent(crew.id)}`}>{crew.name}</Link> <AgreementBadge agreement={crew.agreement} />
        {crew.sailing_log && <span className={`trust-badge trust-badge--log-${crew.sailing_log}`}>{t(LOG_LABEL[crew.sailing_log])}</span>}
      </div>
      {open && (
        <button type="button" className="button button--secondary button--small" aria-expanded={editing} onClick={() => setEditing((value) => !value)}>
          {editing ? (
            <Trans>
              Close the agreement form<span className="visually-hidden"> for {name}</span>
            </Trans>
          ) : crew.agreement ? (
            <Trans>
              Change agreement<span className="visually-hidden"> for {name}</span>
            </Trans>
          ) : (
            <Trans>
              Issue agreement<span className="visually-hidden"> for {name}</span>
            </Trans>
          )}
        </button>
      )}
      {editing && (
        <AgreementForm
          voyageId={voyage.id}
          crewId={crew.id}
          crewName={crew.name}
          agreementId={crew.agreement?.id ?? null}
          currency={voyage.contribution_currency}
          onDone={(message) => {
            setEditing(false);
            onNotice(message);
          }}
        />
      )}
      {crew.sailing_log === 'pending' && (
        <div className="actions">
          <button type="button" className="button button--primary button--small" disabled={log.isPending} onClick={() => void act('confirm')}>
            <Trans>Confirm {name} sailed</Trans>
          </button>
          <button type="button" className="button button--secondary button--small" disabled={log.isPending} onClick={() => void act('remove')}>
            <Trans>Remove {name}: did not sail</Trans>
          </button>
        </div>
      )}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/** Agreements, float plan, check-ins and timeline of a voyage for its skipper and accepted crew (signed-in only, loaded lazily). */
export function VoyageTrustPanel({ voyage }: { voyage: VoyageResponse }) {
  const { t } = useLingui();
  const completed = voyage.status === 'completed';
  // Mounted afresh on each status change (see VoyageDetailPage): after completing, the entries are asked for again for half a minute at most.
  const [completedSeenAt] = useState(() => Date.now());
  const trust = useQuery({
    ...voyageTrustQueryOptions(voyage.id),
    // Completing the voyage opens each crew member's log entry: ask again until the entries show.
    refetchInterval: (query) =>
      completed && Date.now() - completedSeenAt < 30_000 && query.state.data?.role === 'skipper' && query.state.data.crew.some((crew) => crew.sailing_log === null) ? 1500 : false,
  });
  const refetch = trust.refetch;
  // A new status (started, completed) changes what the panel shows: never trust a cached copy from before it.
  useEffect(() => {
    void refetch();
  }, [refetch]);
  const [notice, setNotice] = useState<string | null>(null);
  const [planning, setPlanning] = useState(false);
  if (trust.isPending) return <LoadingState label={t`Loading safety and agreements…`} />;
  if (trust.isError) {
    if (trust.error instanceof ApiError && (trust.error.status === 403 || trust.error.status === 404)) return null;
    return <ErrorState message={t`Agreements and the safety plan could not be loaded.`} onRetry={() => void trust.refetch()} />;
  }
  const data = trust.data;
  const isSkipper = data.role === 'skipper';
  const underWay = voyage.status !== 'completed' && voyage.status !== 'cancelled';
  // The server takes check-ins only from the departure date: before it, the panel says when they open.
  const departed = hasDepartureDayBegun(voyage.estimated_start_date, new Date());
  const mine = data.crew[0];
  const opensOn = voyage.estimated_start_date ? departureDayText(voyage.estimated_start_date, activeLocale()) : '';
  const boatLength = (lengthFeet: number): string => {
    const feet = Math.round(lengthFeet);
    return t`${feet} ft`;
  };
  return (
    <>
      <section className="card detail-card trust-panel" aria-labelledby="trust-heading" id="trust">
        <h2 id="trust-heading">{isSkipper ? t`Crew agreements and sailing log` : t`Your crew agreement`}</h2>
        {notice && (
          <p className="form__success" role="status">
            {notice}
          </p>
        )}
        {isSkipper ? (
          data.crew.length === 0 ? (
            <p className="muted">
              <Trans>Accept crew to issue them an agreement.</Trans>
            </p>
          ) : (
            <ul className="trust-crew-list">
              {data.crew.map((crew) => (
                <CrewTrustRow key={crew.id} voyage={voyage} crew={crew} onNotice={setNotice} />
              ))}
            </ul>
          )
        ) : mine?.agreement ? (
          <p>
            <AgreementBadge agreement={mine.agreement} />{' '}
            <Link to={`/agreements/${encodeURIComponent(mine.agreement.id)}`}>{mine.agreement.accepted ? t`Read your agreement` : t`Read and accept your agreement`}</Link>
          </p>
        ) : (
          <p className="muted">
            <Trans>The skipper has not issued your agreement yet.</Trans>
          </p>
        )}
      </section>
      <section className="card detail-card" aria-labelledby="float-plan-heading">
        <h2 id="float-plan-heading">
          <Trans>Float plan</Trans>
        </h2>
        {data.float_plan ? (
          <FloatPlanSummary plan={data.float_plan} />
        ) : (
          <p className="muted">{isSkipper ? t`No float plan filed yet.` : t`The skipper has not filed a float plan yet.`}</p>
        )}
        {isSkipper && underWay && (
          <>
            <button type="button" className="button button--secondary" aria-expanded={planning} onClick={() => setPlanning((value) => !value)}>
              {planning ? t`Close the float plan form` : data.float_plan ? t`Change the float plan` : t`File a float plan`}
            </button>
            {planning && (
              <FloatPlanForm
                voyageId={voyage.id}
                legs={[...voyage.segments]
                  .sort((a, b) => a.segment_order - b.segment_order)
                  .map(({ segment_order: order, departure_port: from, arrival_port: to, ...segment }) => ({
                    order,
                    label: t`Leg ${order}: ${from} → ${to}`,
                    departure: segment.estimated_departure_date,
                    arrival: segment.estimated_arrival_date,
                  }))}
                current={data.float_plan}
                defaults={{
                  departure: voyage.estimated_start_date,
                  arrival: voyage.estimated_end_date,
                  boat: voyage.boat ? [voyage.boat.name, voyage.boat.make_model, boatLength(voyage.boat.length_feet)].filter(Boolean).join(', ') : '',
                }}
                onDone={(message) => {
                  setPlanning(false);
                  setNotice(message);
                }}
              />
            )}
          </>
        )}
      </section>
      {data.float_plan && underWay && departed && <CheckInPanel voyageId={voyage.id} />}
      {data.float_plan && underWay && !departed && voyage.estimated_start_date && (
        <section className="card detail-card">
          <h2>
            <Trans>Check in</Trans>
          </h2>
          <p className="muted">
            <Trans>Check-ins open on the departure date, {opensOn}.</Trans>
          </p>
        </section>
      )}
      <section className="card detail-card">
        <Timeline entries={data.timeline} />
      </section>
    </>
  );
}
