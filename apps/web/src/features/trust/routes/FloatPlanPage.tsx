import { Trans, useLingui } from '@lingui/react/macro';
import { activeLocale } from '../../../i18n/i18n';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { floatPlanByTokenQueryOptions } from '../../../api/trust';
import { FloatPlanSummary } from '../components/FloatPlanSummary';
import { Timeline } from '../components/Timeline';
import { formatPortTime } from '@crew/contracts/constants';
import '../trust.css';

/** The shore contact's private view of a float plan: no account, the link is the key; it stops working after the voyage. */
export function FloatPlanPage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const query = useQuery(floatPlanByTokenQueryOptions(token));
  const title = query.data?.voyage_title;
  usePageMeta(title !== undefined ? t`Float plan: ${title}` : t`Float plan`, t`A voyage float plan shared with its shore contacts.`);
  if (query.isPending) return <LoadingState label={t`Loading float plan…`} />;
  if (query.isError) {
    const error = query.error;
    const gone = error instanceof ApiError && (error.status === 404 || error.status === 410);
    const reason = error.message;
    return (
      <div className="page page--narrow">
        <h1>
          <Trans>Float plan</Trans>
        </h1>
        {gone ? (
          <div role="alert">
            <p>{error.status === 410 ? error.message : t`This link is not valid. Check that you copied the whole link from the email.`}</p>
            <p>
              <Trans>If you are worried about a boat at sea, call the coastguard of the area it is sailing in.</Trans>
            </p>
          </div>
        ) : (
          <ErrorState message={t`Could not load the float plan. ${reason}`} onRetry={() => void query.refetch()} />
        )}
        <p>
          <Link to="/">
            <Trans>Crew Finder home</Trans>
          </Link>
        </p>
      </div>
    );
  }
  const plan = query.data;
  const until = formatPortTime(plan.link_expires_at, plan.time_zone, activeLocale());
  return (
    <div className="page page--narrow float-plan-page">
      <h1>
        <Trans>Float plan: {title}</Trans>
      </h1>
      <p className="muted">
        <Trans>You were named a shore contact for this voyage. This private link works until {until}; please do not share it.</Trans>
      </p>
      <section className="card">
        <FloatPlanSummary plan={plan} headingLevel={2} />
      </section>
      <section className="card">
        <Timeline entries={plan.timeline} />
      </section>
    </div>
  );
}
