import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageMeta } from '../../../lib/page-meta';
import { isCrewLike, isSkipperLike, useSession } from '../../../lib/session';
import { AgreementsToAccept } from '../components/AgreementsToAccept';
import { CrewQuickStats } from '../components/CrewQuickStats';
import { MyApplications } from '../components/MyApplications';
import { MyVoyages } from '../components/MyVoyages';
import { RecentActivity } from '../components/RecentActivity';
import { ReviewsToWrite } from '../components/ReviewsToWrite';
import '../dashboard.css';

export function DashboardPage() {
  const { t } = useLingui();
  usePageMeta(t`Dashboard`, t`Your voyages and applications at a glance.`);
  const { user } = useSession();
  // A page that sent the user here may say why (e.g. "You are not authorized to view applications for this voyage").
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  if (!user) return null;
  const skipperLike = isSkipperLike(user);
  const crewLike = isCrewLike(user);
  const firstName = user.first_name;
  return (
    <div className="page dashboard">
      <PageHeader title={t`Welcome, ${firstName}`} lead={skipperLike ? t`Your voyages and the crew applying to them, at a glance.` : t`Everything you need to get on the water.`} />
      {typeof notice === 'string' && notice && (
        <p className="form__error dashboard__notice" role="alert">
          {notice}
        </p>
      )}
      <div className="dashboard__layout">
        <ReviewsToWrite />
        {crewLike && <AgreementsToAccept />}
        {skipperLike && <MyVoyages />}
        {crewLike && <CrewQuickStats />}
        {crewLike && <MyApplications />}
        <RecentActivity />
      </div>
    </div>
  );
}
