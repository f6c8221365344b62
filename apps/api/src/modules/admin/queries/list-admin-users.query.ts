import { ADMIN_USERS_COUNT_CAP, ADMIN_USERS_PAGE_SIZE, type AdminUserListResponse, type SubscriptionDisplay } from '@crew/contracts';
import { isUuid } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { ADMIN_USER_SELECT, IN_TRIAL_SQL, toAdminUser, type AdminUserRow } from '../admin-user-read-model';
import { trustSummaries } from '../../member-standing/member-trust';

export interface AdminUserFilters {
  readonly search?: string;
  readonly user_type?: AdminUserRow['user_type'];
  readonly subscription?: SubscriptionDisplay;
  readonly page: number;
}

export class ListAdminUsers {
  constructor(readonly filters: AdminUserFilters) {}
}

/** An active subscription ending in the future, as `users.premium_until` keeps it (migration 1766900000000). */
const ACTIVE_SUBSCRIPTION = `u.premium_until > now()`;
const NO_ACTIVE_SUBSCRIPTION = `(u.premium_until IS NULL OR u.premium_until <= now())`;
const PAYING_KIND = `NOT u.is_admin AND u.user_type IN ('crew', 'both')`;
/**
 * The display rule of SUBSCRIPTION_DISPLAY_SQL as one predicate per value,
 * on the users' own columns: premium and the type are indexed, so with a
 * search the planner reads only the members both indexes agree on.
 */
const SUBSCRIPTION_FILTERS_SQL: Record<SubscriptionDisplay, string> = {
  premium: `(${PAYING_KIND} AND ${ACTIVE_SUBSCRIPTION})`,
  trial: `(${PAYING_KIND} AND ${IN_TRIAL_SQL} AND ${NO_ACTIVE_SUBSCRIPTION})`,
  free: `(NOT (${PAYING_KIND}) OR (NOT (${IN_TRIAL_SQL}) AND ${NO_ACTIVE_SUBSCRIPTION}))`,
};

/**
 * Search words: each must appear in the user's "first last email" (lower
 * case, accents ignored) through the trigram index over that text; a whole
 * user id finds that user.
 */
export function userWhere(filters: Omit<AdminUserFilters, 'page'>): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const add = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const clauses: string[] = [];
  const search = filters.search?.trim() ?? '';
  if (search && isUuid(search)) {
    clauses.push(`u.id = ${add(search)}::uuid`);
  } else if (search) {
    const words = search.split(/\s+/).filter(Boolean).slice(0, 8);
    for (const word of words) {
      const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      clauses.push(`u.admin_search LIKE lower(crew_unaccent(${add(pattern)}))`);
    }
  }
  if (filters.user_type) clauses.push(`u.user_type = ${add(filters.user_type)}`);
  if (filters.subscription) clauses.push(SUBSCRIPTION_FILTERS_SQL[filters.subscription]);
  // Skippers and administrators never pay (PAYING_KIND): said here, or the planner reads every user to find none.
  if ((filters.subscription === 'premium' || filters.subscription === 'trial') && (filters.user_type === 'skipper' || filters.user_type === 'admin')) clauses.push('false');
  return { where: clauses.length ? clauses.join(' AND ') : 'true', params };
}

@QueryHandler(ListAdminUsers)
export class ListAdminUsersHandler implements IQueryHandler<ListAdminUsers, AdminUserListResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ filters }: ListAdminUsers): Promise<AdminUserListResponse> {
    const { where, params } = userWhere(filters);
    const [{ rows, ...counted }, stats] = await Promise.all([this.page(filters, where, params), this.stats()]);
    // Each user's trust, by the same rule as their own profile (one query for the page).
    const trust = await trustSummaries(
      this.dataSource,
      rows.map((row) => row.id),
    );
    const users = rows.map((row) => {
      const summary = trust.get(row.id);
      return summary ? { ...toAdminUser(row), trust: summary } : toAdminUser(row);
    });
    return { users, ...counted, page: filters.page, page_size: ADMIN_USERS_PAGE_SIZE, stats };
  }

  /**
   * The page and the total. Without a search or subscription filter the
   * total comes from the kept counts and the page from members in join
   * order. Otherwise the matches are found first, up to
   * ADMIN_USERS_COUNT_CAP + 1 (the indexes of the search text, the type and
   * premium combined: a few milliseconds however common each part is
   * alone): as few as that, they are the total and their page is sorted out
   * of them; more, the total is "more than" the cap and the page is read
   * walking members in join order, which meets a page of matches soon when
   * matches are that many. Walking first, as the planner would on its
   * estimates, reads every member when a common name and a type are rarely
   * together (a first name no skipper has: 400 ms among a million).
   */
  private async page(filters: AdminUserFilters, where: string, params: unknown[]): Promise<{ rows: AdminUserRow[]; total: number; total_exact: boolean }> {
    const offset = (filters.page - 1) * ADMIN_USERS_PAGE_SIZE;
    const walk = (): Promise<AdminUserRow[]> =>
      this.dataSource.query<AdminUserRow[]>(`${ADMIN_USER_SELECT} WHERE ${where} ORDER BY u.created_at DESC, u.id LIMIT ${ADMIN_USERS_PAGE_SIZE} OFFSET ${offset}`, params);
    if (!filters.search?.trim() && !filters.subscription) {
      const [rows, [row]] = await Promise.all([
        walk(),
        this.dataSource.query<{ total: number }[]>(`SELECT coalesce(sum(users), 0)::int AS total FROM user_counts WHERE $1::text IS NULL OR user_type = $1`, [
          filters.user_type ?? null,
        ]),
      ]);
      return { rows, total: row?.total ?? 0, total_exact: true };
    }
    const [found] = await this.dataSource.query<{ total: number; page: string[] }[]>(
      `WITH matching AS MATERIALIZED (SELECT u.id, u.created_at FROM users u WHERE ${where} LIMIT ${ADMIN_USERS_COUNT_CAP + 1})
       SELECT (SELECT count(*)::int FROM matching) AS total,
              ARRAY(SELECT id FROM matching ORDER BY created_at DESC, id LIMIT ${ADMIN_USERS_PAGE_SIZE} OFFSET ${offset}) AS page`,
      params,
    );
    const total = found?.total ?? 0;
    if (total > ADMIN_USERS_COUNT_CAP) return { rows: await walk(), total: ADMIN_USERS_COUNT_CAP, total_exact: false };
    const page = found?.page ?? [];
    const rows = page.length > 0 ? await this.dataSource.query<AdminUserRow[]>(`${ADMIN_USER_SELECT} WHERE u.id = ANY($1::uuid[]) ORDER BY u.created_at DESC, u.id`, [page]) : [];
    return { rows, total, total_exact: true };
  }

  private async stats(): Promise<AdminUserListResponse['stats']> {
    // Kept counts (see the user-counts migration): no scan of the users. Only crew members can hold a
    // subscription (grants are refused for administrators, checkout for skippers; the account type never changes).
    const [row] = await this.dataSource.query<AdminUserListResponse['stats'][]>(
      `SELECT coalesce(sum(c.users), 0)::int AS total_users,
              coalesce(sum(c.users) FILTER (WHERE c.user_type IN ('skipper', 'both')), 0)::int AS skippers,
              coalesce(sum(c.users) FILTER (WHERE c.user_type IN ('crew', 'both')), 0)::int AS crew_members,
              coalesce(sum(c.users) FILTER (WHERE c.user_type = 'both'), 0)::int AS both,
              coalesce(sum(c.users) FILTER (WHERE c.user_type = 'admin'), 0)::int AS admins,
              (SELECT count(*)::int FROM subscriptions s WHERE s.status = 'active' AND s.end_date > now()) AS premium_users
         FROM user_counts c`,
    );
    return row ?? { total_users: 0, skippers: 0, crew_members: 0, both: 0, admins: 0, premium_users: 0 };
  }
}
