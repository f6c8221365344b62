import { useLingui } from '@lingui/react/macro';
import { Tabs } from 'radix-ui';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useProfilePanels } from '../../../components/profile-panels';
import { PageHeader } from '../../../components/ui/PageHeader';
import { LoadingState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';
import { isCrewLike, isSkipperLike, roleBadge, roleBadgeClass, useSession } from '../../../lib/session';
import { BasicInfoTab } from '../components/BasicInfoTab';
import { BoatsTab } from '../components/BoatsTab';
import { ExperienceTab } from '../components/ExperienceTab';
import { ExpectationsTab } from '../components/ExpectationsTab';
import { SafetyTab } from '../components/SafetyTab';
import { SkillsTab } from '../components/SkillsTab';
import { NotificationsTab } from '../components/NotificationsTab';
import { AccountSelfService } from '../components/AccountSelfService';
import { SubscriptionSummary } from '../components/SubscriptionSummary';
import { ProfilePhoto } from '../components/ProfilePhoto';
import { TrustIndicator } from '../components/TrustIndicator';
import '../profile.css';

export function ProfilePage() {
  const { t } = useLingui();
  usePageMeta(t`Profile`, t`Your Crew Finder profile: details, experience, safety, skills and expectations.`);
  const { user } = useSession();
  // The open tab is in the address (`/profile?tab=notifications`), so mail can link to one.
  const [search, setSearch] = useSearchParams();
  // The calendar feed's section comes from its own feature, placed here by the app layer.
  const panels = useProfilePanels();
  if (!user) return null;
  const skipperLike = isSkipperLike(user);
  const crewLike = isCrewLike(user);
  // A "both" account is skipper and crew at once, so it sees every tab.
  const tabs = [
    { value: 'basic', label: t`Basic Info` },
    { value: 'experience', label: t`Experience` },
    { value: 'safety', label: t`Safety` },
    ...(skipperLike ? [{ value: 'boats', label: t`My Boats` }] : []),
    ...(crewLike ? [{ value: 'skills', label: t`My Skills` }] : []),
    ...(skipperLike ? [{ value: 'expectations', label: t`Crew Expectations` }] : []),
    { value: 'notifications', label: t`Notifications` },
    { value: 'calendar', label: t`Calendar` },
  ];
  const tab = tabs.find((section) => section.value === search.get('tab'))?.value ?? 'basic';
  const setTab = (value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'basic') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="page profile-page">
      <PageHeader title={t`Profile`}>
        <div className="profile-page__who">
          <ProfilePhoto user={user} />
          <span>
            {user.first_name} {user.last_name} <span className={roleBadgeClass(user)}>{roleBadge(user)}</span>
          </span>
        </div>
      </PageHeader>
      <div className="profile-page__layout">
        <Tabs.Root value={tab} onValueChange={setTab} className="profile-tabs">
          <Tabs.List className="profile-tabs__list" aria-label={t`Profile sections`}>
            {tabs.map((section) => (
              <Tabs.Trigger key={section.value} value={section.value} className="profile-tabs__tab">
                {section.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="basic" className="card">
            <BasicInfoTab user={user} account={crewLike ? <SubscriptionSummary /> : undefined} />
            <AccountSelfService />
          </Tabs.Content>
          <Tabs.Content value="experience" className="card">
            <ExperienceTab user={user} />
          </Tabs.Content>
          <Tabs.Content value="safety" className="card">
            <SafetyTab user={user} />
          </Tabs.Content>
          {skipperLike && (
            <Tabs.Content value="boats" className="card">
              <BoatsTab />
            </Tabs.Content>
          )}
          {crewLike && (
            <Tabs.Content value="skills" className="card">
              <SkillsTab user={user} onSaved={() => setTab('basic')} />
            </Tabs.Content>
          )}
          {skipperLike && (
            <Tabs.Content value="expectations" className="card">
              <ExpectationsTab user={user} onSaved={() => setTab('basic')} />
            </Tabs.Content>
          )}
          <Tabs.Content value="notifications" className="card">
            <NotificationsTab />
          </Tabs.Content>
          <Tabs.Content value="calendar" className="card">
            <Suspense fallback={<LoadingState label={t`Loading your calendar feed…`} />}>
              <panels.CalendarFeed />
            </Suspense>
          </Tabs.Content>
        </Tabs.Root>
        <TrustIndicator />
      </div>
    </div>
  );
}
