import { ADMIN_USERS_PAGE_SIZE, type AdminUser } from '@crew/contracts';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminUsersQueryOptions, useChangeSubscription, useSetProfileStatus, type UsersFilters } from '../../../api/admin-users';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { formatDate, initials } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import '../components/users-admin.css';
import { useDebounced } from '../components/users-debounce';
import {
  accountStatus,
  canHoldPremium,
  SUBSCRIPTION_LABELS,
  TYPE_LABELS,
  UserDeleteDialog,
  UserDetailDialog,
  UserEmailDialog,
  UserIdentityDialog,
  UserSuspensionDialog,
} from '../components/users-dialogs';
import { Pager } from '../../../components/ui/Pager';

type Pending =
  | { kind: 'details' | 'email' | 'delete'; user: AdminUser }
  | { kind: 'suspension'; user: AdminUser; action: 'suspend' | 'reinstate' }
  | { kind: 'identity'; user: AdminUser; action: 'verify' | 'revoke' }
  | { kind: 'subscription'; user: AdminUser; action: 'grant' | 'revoke' }
  | { kind: 'status'; user: AdminUser; complete: boolean };

/** The filters' choices, in the order the filters offer them. */
const USER_TYPE_FILTERS = ['skipper', 'crew', 'both', 'admin'] as const;
const SUBSCRIPTION_FILTERS = ['premium', 'free', 'trial'] as const;

const isAdminUser = (user: AdminUser): boolean => user.is_admin || user.user_type === 'admin';

export function AdminUsersPage() {
  const { t, i18n } = useLingui();
  usePageMeta(t`User Management`, t`User Management for administrators.`);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText);
  const [filters, setFilters] = useState<UsersFilters>({ search: '', userType: '', subscription: '', page: 1 });
  // A new search (after 300 ms of quiet) starts again at page 1.
  useEffect(() => setFilters((current) => (current.search === search ? current : { ...current, search, page: 1 })), [search]);
  const users = useQuery(adminUsersQueryOptions(filters));
  const me = useSession().user;
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  const subscription = useChangeSubscription();
  const status = useSetProfileStatus();
  const [confirmError, setConfirmError] = useState<string | null>(null);

  const done = (text: string, ok: boolean) => setNotice({ text, ok });
  const close = () => {
    setPending(null);
    setConfirmError(null);
  };
  const data = users.data;
  const pages = data ? Math.ceil(data.total / ADMIN_USERS_PAGE_SIZE) : 0;
  const total = data?.total ?? 0;
  const pendingName = pending ? `${pending.user.first_name} ${pending.user.last_name}` : '';

  return (
    <div className="users-admin">
      <PageHeader title={t`User Management`} lead={t`Search members, manage premium access and profiles, contact or delete accounts.`} />
      {data && (
        <dl className="users-stats">
          <div>
            <dt>
              <Trans>Total users</Trans>
            </dt>
            <dd>{data.stats.total_users}</dd>
          </div>
          <div>
            <dt>
              <Trans>Skippers</Trans>
            </dt>
            <dd>{data.stats.skippers}</dd>
          </div>
          <div>
            <dt>
              <Trans>Crew members</Trans>
            </dt>
            <dd>{data.stats.crew_members}</dd>
          </div>
          <div>
            <dt>
              <Trans>Both</Trans>
            </dt>
            <dd>
              {data.stats.both}
              <small>
                <Trans>skipper and crew: counted in each</Trans>
              </small>
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Admins</Trans>
            </dt>
            <dd>{data.stats.admins}</dd>
          </div>
          <div>
            <dt>
              <Trans>Premium users</Trans>
            </dt>
            <dd>{data.stats.premium_users}</dd>
          </div>
        </dl>
      )}
      <div className="users-toolbar">
        <div className="field users-toolbar__search">
          <label htmlFor="users-search">
            <Trans>Search users</Trans>
          </label>
          <input id="users-search" type="search" placeholder={t`First name, last name, email or id`} value={searchText} onChange={(e) => setSearchText(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="users-type">
            <Trans>Type</Trans>
          </label>
          <select id="users-type" value={filters.userType} onChange={(e) => setFilters({ ...filters, userType: e.target.value as UsersFilters['userType'], page: 1 })}>
            <option value="">{t`All types`}</option>
            {USER_TYPE_FILTERS.map((type) => (
              <option key={type} value={type}>
                {i18n._(TYPE_LABELS[type])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="users-subscription">
            <Trans>Subscription</Trans>
          </label>
          <select
            id="users-subscription"
            value={filters.subscription}
            onChange={(e) => setFilters({ ...filters, subscription: e.target.value as UsersFilters['subscription'], page: 1 })}
          >
            <option value="">{t`All subscriptions`}</option>
            {SUBSCRIPTION_FILTERS.map((subscription) => (
              <option key={subscription} value={subscription}>
                {i18n._(SUBSCRIPTION_LABELS[subscription])}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button button--secondary" onClick={() => void users.refetch()}>
          <Trans>Refresh</Trans>
        </button>
      </div>
      {notice && (
        <p className={`users-notice${notice.ok ? '' : ' users-notice--error'}`} role="status">
          {notice.text}
        </p>
      )}
      {users.isPending ? (
        <LoadingState label={t`Loading users…`} />
      ) : users.isError ? (
        <ErrorState message={users.error.message || t`Failed to load users`} onRetry={() => void users.refetch()} />
      ) : !data || data.users.length === 0 ? (
        <EmptyState title={t`No users match your filters.`} />
      ) : (
        <>
          <p className="users-muted" aria-live="polite">
            {data.total_exact
              ? t`${plural(total, { one: '# user found', other: '# users found' })}`
              : t`More than ${plural(total, { one: '# user found', other: '# users found' })}`}
          </p>
          <div className="users-table-wrap">
            <table className="users-table">
              <caption className="visually-hidden">
                <Trans>Users</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>User</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Type</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Email</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Subscription</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Joined</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Status</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Actions</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.users.map((user) => {
                  const name = `${user.first_name} ${user.last_name}`;
                  const premium = user.subscription === 'premium';
                  const status = accountStatus(user);
                  const protectedAccount = isAdminUser(user) || user.id === me?.id;
                  const expires = user.subscription_end_date ? formatDate(user.subscription_end_date) : '';
                  const missingCount = user.profile_completion.missing.length;
                  return (
                    <tr key={user.id}>
                      <td>
                        <div className="users-table__who">
                          {user.profile_photo_url ? (
                            <img src={user.profile_photo_url} alt="" />
                          ) : (
                            <span className="avatar" aria-hidden="true">
                              {initials(user.first_name, user.last_name)}
                            </span>
                          )}
                          <div>
                            <div>{name}</div>
                            <div className="users-muted">{user.id}</div>
                          </div>
                        </div>
                      </td>
                      <td>{i18n._(TYPE_LABELS[user.user_type])}</td>
                      <td>
                        <div>{user.email}</div>
                        <span className={`users-flag ${user.email_verified ? 'users-flag--good' : 'users-flag--warn'}`}>{user.email_verified ? t`Verified` : t`Unverified`}</span>
                      </td>
                      <td>
                        <div>{i18n._(SUBSCRIPTION_LABELS[user.subscription])}</div>
                        {premium && user.subscription_end_date && <div className="users-muted">{t`Expires ${expires}`}</div>}
                      </td>
                      <td>{formatDate(user.created_at)}</td>
                      <td>
                        <span className={`users-flag${status.tone ? ` users-flag--${status.tone}` : ''}`} title={status.detail}>
                          {status.label}
                        </span>
                        {status.state === 'incomplete' && (
                          <div className="users-muted" title={status.detail}>
                            {t`${plural(missingCount, { one: '# item missing', other: '# items missing' })}`}
                            <span className="visually-hidden">: {status.detail}</span>
                          </div>
                        )}
                        {status.state === 'suspended' && <div className="users-muted">{status.detail}</div>}
                        {user.profile_complete && (
                          <div className="users-muted">
                            <Trans>Reviewed</Trans>
                          </div>
                        )}
                      </td>
                      <td>
                        <div className="users-table__actions">
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-label={t`View details of ${name}`}
                            onClick={() => setPending({ kind: 'details', user })}
                          >
                            <Trans>Details</Trans>
                          </button>
                          {canHoldPremium(user) && (
                            <button
                              type="button"
                              className="button button--secondary button--small"
                              aria-label={premium ? t`Revoke premium from ${name}` : t`Grant premium to ${name}`}
                              onClick={() => setPending({ kind: 'subscription', user, action: premium ? 'revoke' : 'grant' })}
                            >
                              {premium ? t`Revoke premium` : t`Grant premium`}
                            </button>
                          )}
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-label={t`Send email to ${name}`}
                            onClick={() => setPending({ kind: 'email', user })}
                          >
                            <Trans>Email</Trans>
                          </button>
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-label={user.profile_complete ? t`Clear review of: ${name}` : t`Mark reviewed: ${name}`}
                            onClick={() => setPending({ kind: 'status', user, complete: !user.profile_complete })}
                          >
                            {user.profile_complete ? t`Clear review` : t`Mark reviewed`}
                          </button>
                          {!isAdminUser(user) && (
                            <button
                              type="button"
                              className="button button--secondary button--small"
                              aria-label={user.identity_verified ? t`Revoke identity of ${name}` : t`Verify identity of ${name}`}
                              onClick={() => setPending({ kind: 'identity', user, action: user.identity_verified ? 'revoke' : 'verify' })}
                            >
                              {user.identity_verified ? t`Revoke identity` : t`Verify identity`}
                            </button>
                          )}
                          {!protectedAccount && (
                            <button
                              type="button"
                              className={`button button--small ${user.suspension ? 'button--secondary' : 'button--danger'}`}
                              aria-label={user.suspension ? t`Reinstate ${name}` : t`Suspend ${name}`}
                              onClick={() => setPending({ kind: 'suspension', user, action: user.suspension ? 'reinstate' : 'suspend' })}
                            >
                              {user.suspension ? t`Reinstate` : t`Suspend`}
                            </button>
                          )}
                          {!isAdminUser(user) && (
                            <button
                              type="button"
                              className="button button--danger button--small"
                              aria-label={t`Delete ${name}`}
                              onClick={() => setPending({ kind: 'delete', user })}
                            >
                              <Trans>Delete</Trans>
                            </button>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager page={filters.page} pages={pages} label={t`Users pages`} className="users-pager" onPage={(page) => setFilters({ ...filters, page })} />
        </>
      )}

      {pending?.kind === 'details' && <UserDetailDialog user={pending.user} onClose={close} />}
      {pending?.kind === 'email' && <UserEmailDialog user={pending.user} onClose={close} onDone={done} />}
      {pending?.kind === 'delete' && <UserDeleteDialog user={pending.user} onClose={close} onDone={done} />}
      {pending?.kind === 'identity' && <UserIdentityDialog user={pending.user} action={pending.action} onClose={close} onDone={done} />}
      {pending?.kind === 'suspension' && <UserSuspensionDialog user={pending.user} action={pending.action} onClose={close} onDone={done} />}
      {pending?.kind === 'subscription' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && close()}
          title={pending.action === 'grant' ? t`Grant premium access?` : t`Revoke premium access?`}
          confirmLabel={pending.action === 'grant' ? t`Grant premium` : t`Revoke premium`}
          pendingLabel={t`Saving…`}
          pending={subscription.isPending}
          error={confirmError}
          onConfirm={() =>
            subscription.mutate(
              { userId: pending.user.id, action: pending.action },
              {
                onSuccess: (result) => {
                  done(result.message, true);
                  close();
                },
                onError: () => setConfirmError(t`Failed to update subscription`),
              },
            )
          }
        >
          <p>
            {pending.action === 'grant'
              ? t`${pendingName} gets a year of premium access. The change is recorded in the admin history.`
              : t`${pendingName} loses premium access now. The change is recorded in the admin history.`}
          </p>
        </ConfirmDialog>
      )}
      {pending?.kind === 'status' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && close()}
          title={pending.complete ? t`Mark profile as reviewed?` : t`Clear the review of this profile?`}
          confirmLabel={pending.complete ? t`Mark reviewed` : t`Clear review`}
          pendingLabel={t`Saving…`}
          pending={status.isPending}
          error={confirmError}
          onConfirm={() =>
            status.mutate(
              { userId: pending.user.id, complete: pending.complete },
              {
                onSuccess: () => {
                  done(pending.complete ? t`Profile marked as reviewed` : t`Profile review cleared`, true);
                  close();
                },
                onError: () => setConfirmError(t`Failed to update profile status`),
              },
            )
          }
        >
          <p>
            {pending.complete
              ? t`${pendingName}’s profile will show as reviewed by an administrator. Whether it is complete still follows what it contains.`
              : t`${pendingName}’s profile will no longer show as reviewed.`}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
