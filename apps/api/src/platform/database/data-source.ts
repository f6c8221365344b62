import { DataSource } from 'typeorm';
import { PooledPgClient } from './pooled-pg-client';
import { PlatformCore1763800000000 } from './migrations/1763800000000-platform-core';
import { AuthTokens1763900000000 } from './migrations/1763900000000-auth-tokens';
import { UserProfiles1764000000000 } from './migrations/1764000000000-user-profiles';
import { Boats1764100000000 } from './migrations/1764100000000-boats';
import { VoyageSummaries1764200000000 } from './migrations/1764200000000-voyage-summaries';
import { Ports1764300000000 } from './migrations/1764300000000-ports';
import { VoyageBrowse1764400000000 } from './migrations/1764400000000-voyage-browse';
import { Applications1764500000000 } from './migrations/1764500000000-applications';
import { VoyageListIndexes1764600000000 } from './migrations/1764600000000-voyage-list-indexes';
import { ParkedEvents1764700000000 } from './migrations/1764700000000-parked-events';
import { VoyageSummariesWithoutNames1764700000001 } from './migrations/1764700000001-voyage-summaries-without-names';
import { EmailRecipientsById1764700000002 } from './migrations/1764700000002-email-recipients-by-id';
import { SignInLimits1764710000000 } from './migrations/1764710000000-sign-in-limits';
import { Harbours1764720000000 } from './migrations/1764720000000-harbours';
import { VoyageBrowseCoveringIndex1764740000000 } from './migrations/1764740000000-voyage-browse-covering-index';
import { ProjectionRebuilds1764750000000 } from './migrations/1764750000000-projection-rebuilds';
import { ConfigHistoryByKey1764760000000 } from './migrations/1764760000000-config-history-by-key';
import { AdminUsers1764800000000 } from './migrations/1764800000000-admin-users';
import { UserCounts1764810000000 } from './migrations/1764810000000-user-counts';
import { SubscriptionReadModel1764820000000 } from './migrations/1764820000000-subscription-read-model';
import { Reviews1764840000000 } from './migrations/1764840000000-reviews';
import { SupportDeskComms1764860000000 } from './migrations/1764860000000-support-desk-comms';
import { CampaignIdempotency1764875000000 } from './migrations/1764875000000-campaign-idempotency';
import { ReviewWindows1764877500000 } from './migrations/1764877500000-review-windows';
import { Messaging1764830000000 } from './migrations/1764830000000-messaging';
import { SupportTickets1764850000000 } from './migrations/1764850000000-support-tickets';
import { Analytics1764870000000 } from './migrations/1764870000000-analytics';
import { AnalyticsSignUps1764871000000 } from './migrations/1764871000000-analytics-sign-ups';
import { TrustAndSafety1764880000000 } from './migrations/1764880000000-trust-and-safety';
import { VoyageBrowseIndex1764890000000 } from './migrations/1764890000000-voyage-browse-index';
import { EmailChangeAndMailLimits1764905270000 } from './migrations/1764905270000-email-change-and-mail-limits';
import { PageViewLimits1764906000000 } from './migrations/1764906000000-page-view-limits';
import { OneSkillTaxonomy1764930000000 } from './migrations/1764930000000-one-skill-taxonomy';
import { SkipperLog1764930000001 } from './migrations/1764930000001-skipper-log';
import { TruthfulHelpAnswers1764970000000 } from './migrations/1764970000000-truthful-help-answers';
import { ActivityFeed1764990000000 } from './migrations/1764990000000-activity-feed';
import { AccountSuspensions1765020000000 } from './migrations/1765020000000-account-suspensions';
import { PhoneVerification1765130000000 } from './migrations/1765130000000-phone-verification';
import { VoyageFoodAndFlags1765130000001 } from './migrations/1765130000001-voyage-food-and-flags';
import { MemberDataKeys1765140000000 } from './migrations/1765140000000-member-data-keys';
import { PortNames1766120000000 } from './migrations/1766120000000-port-names';
import { NotificationPreferences1766320000000 } from './migrations/1766320000000-notification-preferences';
import { MemberLanguages1766010000000 } from './migrations/1766010000000-member-languages';
import { SavedSearches1766300000000 } from './migrations/1766300000000-saved-searches';
import { MessageIdempotency1766437519000 } from './migrations/1766437519000-message-idempotency';
import { SavedSearchMatchesUnchecked1766530000000 } from './migrations/1766530000000-saved-search-matches-unchecked';
import { DigestBatches1766531000000 } from './migrations/1766531000000-digest-batches';
import { CalendarFeeds1766418253000 } from './migrations/1766418253000-calendar-feeds';
import { SailorsNames1766612840000 } from './migrations/1766612840000-sailors-names';
import { VoyagePlaces1765030000000 } from './migrations/1765030000000-voyage-places';
import { TwoFactorSignIn1765120000000 } from './migrations/1765120000000-two-factor-sign-in';
import { ReadsAtScale1766714523000 } from './migrations/1766714523000-reads-at-scale';
import { VoyagesMatched1766800000000 } from './migrations/1766800000000-voyages-matched';
import { AdminSearchFilters1766900000000 } from './migrations/1766900000000-admin-search-filters';

/** Every migration, in order. Listed explicitly so bundling and tests need no globbing. */
export const migrations = [
  PlatformCore1763800000000,
  AuthTokens1763900000000,
  UserProfiles1764000000000,
  Boats1764100000000,
  VoyageSummaries1764200000000,
  Ports1764300000000,
  VoyageBrowse1764400000000,
  Applications1764500000000,
  VoyageListIndexes1764600000000,
  ParkedEvents1764700000000,
  VoyageSummariesWithoutNames1764700000001,
  EmailRecipientsById1764700000002,
  SignInLimits1764710000000,
  Harbours1764720000000,
  VoyageBrowseCoveringIndex1764740000000,
  ProjectionRebuilds1764750000000,
  ConfigHistoryByKey1764760000000,
  AdminUsers1764800000000,
  UserCounts1764810000000,
  SubscriptionReadModel1764820000000,
  Messaging1764830000000,
  Reviews1764840000000,
  SupportTickets1764850000000,
  SupportDeskComms1764860000000,
  Analytics1764870000000,
  AnalyticsSignUps1764871000000,
  CampaignIdempotency1764875000000,
  ReviewWindows1764877500000,
  TrustAndSafety1764880000000,
  VoyageBrowseIndex1764890000000,
  EmailChangeAndMailLimits1764905270000,
  PageViewLimits1764906000000,
  OneSkillTaxonomy1764930000000,
  SkipperLog1764930000001,
  TruthfulHelpAnswers1764970000000,
  ActivityFeed1764990000000,
  AccountSuspensions1765020000000,
  VoyagePlaces1765030000000,
  TwoFactorSignIn1765120000000,
  PhoneVerification1765130000000,
  VoyageFoodAndFlags1765130000001,
  MemberDataKeys1765140000000,
  MemberLanguages1766010000000,
  PortNames1766120000000,
  SavedSearches1766300000000,
  NotificationPreferences1766320000000,
  CalendarFeeds1766418253000,
  SavedSearchMatchesUnchecked1766530000000,
  DigestBatches1766531000000,
  SailorsNames1766612840000,
  MessageIdempotency1766437519000,
  ReadsAtScale1766714523000,
  VoyagesMatched1766800000000,
  AdminSearchFilters1766900000000,
];

/** A TypeORM entity class (the contexts' own tables; the composition root passes them in, see application.ts). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type EntityClass = Function;

export const createDataSource = (url: string, options: { poolSize?: number; entities?: readonly EntityClass[] } = {}): DataSource =>
  new DataSource({
    type: 'postgres',
    url,
    entities: [...(options.entities ?? [])],
    migrations,
    migrationsRun: false,
    synchronize: false,
    logging: false,
    extra: { max: options.poolSize ?? 10, application_name: 'crew-api', Client: PooledPgClient },
  });

/** Runs pending migrations under an advisory lock so replicas starting together do not race. */
export const migrate = async (dataSource: DataSource): Promise<void> => {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(7300, 2)');
    await dataSource.runMigrations({ transaction: 'all' });
  } finally {
    await lock.query('SELECT pg_advisory_unlock(7300, 2)').catch(() => undefined);
    await lock.release();
  }
};
