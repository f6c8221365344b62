import { ADMIN_USERS_PAGE_SIZE, type AdminUserListResponse, type SubscriptionDisplay } from '@crew/contracts';
import { isUuid } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { ADMIN_USER_SELECT, toAdminUser, type AdminUserRow } from '../admin-user-read-model';

export interface AdminUserFilters {
  readonly search?: string;
  readonly user_type?: AdminUserRow['user_type'];
  readonly subscription?: SubscriptionDisplay;
  readonly page: number;
}

export class ListAdminUsers {
  constructor(readonly filters: AdminUserFilters) {}
}

/** How long the stat cards (a count over every user) are reused; an admin change clears them at once. */
const STATS_TTL_MS = 5_000;
let statsCache: { at: number; value: AdminUserListResponse['stats'] } | null = null;
/** Forget the cached stat cards (after a change this process made). */
export const invalidateUserStats = (): void => {
  statsCache = null;
};

const ACTIVE_SUBSCRIPTION = `EXISTS (SELECT 1 FROM subscriptions a WHERE a.user_id = u.id AND a.status = 'active' AND a.end_date > now())`;
const PAYING_KIND = `NOT u.is_admin AND u.user_type IN ('crew', 'both')`;
/**
 * The display rule of SUBSCRIPTION_DISPLAY_SQL as one predicate per value, so
 * that the planner can start from the small side (active subscriptions, or
 * users who joined in the last 30 days) instead of working the CASE out for
 * every user.
 */
const SUBSCRIPTION_FILTERS_SQL: Record<SubscriptionDisplay, string> = {
  premium: `(${PAYING_KIND} AND ${ACTIVE_SUBSCRIPTION})`,
  trial: `(${PAYING_KIND} AND u.created_at > now() - interval '30 days' AND NOT ${ACTIVE_SUBSCRIPTION})`,
  free: `(NOT (${PAYING_KIND}) OR (u.created_at <= now() - interval '30 days' AND NOT ${ACTIVE_SUBSCRIPTION}))`,
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
  return { where: clauses.length ? clauses.join(' AND ') : 'true', params };
}

@QueryHandler(ListAdminUsers)
export class ListAdminUsersHandler implements IQueryHandler<ListAdminUsers, AdminUserListResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ filters }: ListAdminUsers): Promise<AdminUserListResponse> {
    const { where, params } = userWhere(filters);
    const offset = (filters.page - 1) * ADMIN_USERS_PAGE_SIZE;
    const [rows, [count], stats] = await Promise.all([
      this.dataSource.query<AdminUserRow[]>(
        `${ADMIN_USER_SELECT} WHERE ${where} ORDER BY u.created_at DESC, u.id LIMIT ${ADMIN_USERS_PAGE_SIZE} OFFSET ${offset}`,
        params,
      ),
      this.dataSource.query<{ total: number }[]>(
        `SELECT count(*)::int AS total FROM users u WHERE ${where}`,
        params,
      ),
      this.stats(),
    ]);
    return { users: rows.map(toAdminUser), total: count?.total ?? 0, page: filters.page, page_size: ADMIN_USERS_PAGE_SIZE, stats };
  }

  private async stats(): Promise<AdminUserListResponse['stats']> {
    if (statsCache && Date.now() - statsCache.at < STATS_TTL_MS) return statsCache.value;
    const [row] = await this.dataSource.query<AdminUserListResponse['stats'][]>(
      `SELECT count(*)::int AS total_users,
              count(*) FILTER (WHERE u.user_type IN ('skipper', 'both'))::int AS skippers,
              count(*) FILTER (WHERE u.user_type IN ('crew', 'both'))::int AS crew_members,
              (SELECT count(*)::int FROM subscriptions s JOIN users p ON p.id = s.user_id
                WHERE s.status = 'active' AND s.end_date > now() AND NOT p.is_admin AND p.user_type IN ('crew', 'both')) AS premium_users
         FROM users u`,
    );
    const value = row ?? { total_users: 0, skippers: 0, crew_members: 0, premium_users: 0 };
    statsCache = { at: Date.now(), value };
    return value;
  }
}
