import { ADMIN_USERS_PAGE_SIZE, type AdminUser } from '@crew/contracts';
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

const isAdminUser = (user: AdminUser): boolean => user.is_admin || user.user_type === 'admin';

export function AdminUsersPage() {
  usePageMeta('User Management', 'User Management for administrators.');
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

  return (
    <div className="users-admin">
      <PageHeader title="User Management" lead="Search members, manage premium access and profiles, contact or delete accounts." />
      {data && (
        <dl className="users-stats">
          <div>
            <dt>Total users</dt>
            <dd>{data.stats.total_users}</dd>
          </div>
          <div>
            <dt>Skippers</dt>
            <dd>{data.stats.skippers}</dd>
          </div>
          <div>
            <dt>Crew members</dt>
            <dd>{data.stats.crew_members}</dd>
          </div>
          <div>
            <dt>Both</dt>
            <dd>
              {data.stats.both}
              <small>skipper and crew: counted in each</small>
            </dd>
          </div>
          <div>
            <dt>Admins</dt>
            <dd>{data.stats.admins}</dd>
          </div>
          <div>
            <dt>Premium users</dt>
            <dd>{data.stats.premium_users}</dd>
          </div>
        </dl>
      )}
      <div className="users-toolbar">
        <div className="field users-toolbar__search">
          <label htmlFor="users-search">Search users</label>
          <input id="users-search" type="search" placeholder="First name, last name, email or id" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="users-type">Type</label>
          <select id="users-type" value={filters.userType} onChange={(e) => setFilters({ ...filters, userType: e.target.value as UsersFilters['userType'], page: 1 })}>
            <option value="">All types</option>
            <option value="skipper">Skipper</option>
            <option value="crew">Crew</option>
            <option value="both">Both</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="users-subscription">Subscription</label>
          <select
            id="users-subscription"
            value={filters.subscription}
            onChange={(e) => setFilters({ ...filters, subscription: e.target.value as UsersFilters['subscription'], page: 1 })}
          >
            <option value="">All subscriptions</option>
            <option value="premium">Premium</option>
            <option value="free">Free</option>
            <option value="trial">Trial</option>
          </select>
        </div>
        <button type="button" className="button button--secondary" onClick={() => void users.refetch()}>
          Refresh
        </button>
      </div>
      {notice && (
        <p className={`users-notice${notice.ok ? '' : ' users-notice--error'}`} role="status">
          {notice.text}
        </p>
      )}
      {users.isPending ? (
        <LoadingState label="Loading users…" />
      ) : users.isError ? (
        <ErrorState message={users.error.message || 'Failed to load users'} onRetry={() => void users.refetch()} />
      ) : !data || data.users.length === 0 ? (
        <EmptyState title="No users match your filters." />
      ) : (
        <>
          <p className="users-muted" aria-live="polite">
            {data.total_exact
              ? `${data.total.toLocaleString('en-US')} ${data.total === 1 ? 'user' : 'users'} found`
              : `More than ${data.total.toLocaleString('en-US')} users found`}
          </p>
          <div className="users-table-wrap">
            <table className="users-table">
              <caption className="visually-hidden">Users</caption>
              <thead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">Type</th>
                  <th scope="col">Email</th>
                  <th scope="col">Subscription</th>
                  <th scope="col">Joined</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {data.users.map((user) => {
                  const name = `${user.first_name} ${user.last_name}`;
                  const premium = user.subscription === 'premium';
                  const status = accountStatus(user);
                  const protectedAccount = isAdminUser(user) || user.id === me?.id;
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
                      <td>{TYPE_LABELS[user.user_type]}</td>
                      <td>
                        <div>{user.email}</div>
                        <span className={`users-flag ${user.email_verified ? 'users-flag--good' : 'users-flag--warn'}`}>{user.email_verified ? 'Verified' : 'Unverified'}</span>
                      </td>
                      <td>
                        <div>{SUBSCRIPTION_LABELS[user.subscription]}</div>
                        {premium && user.subscription_end_date && <div className="users-muted">Expires {formatDate(user.subscription_end_date)}</div>}
                      </td>
                      <td>{formatDate(user.created_at)}</td>
                      <td>
                        <span className={`users-flag${status.tone ? ` users-flag--${status.tone}` : ''}`} title={status.detail}>
                          {status.label}
                        </span>
                        {status.label === 'Incomplete' && (
                          <div className="users-muted" title={status.detail}>
                            {user.profile_completion.missing.length} {user.profile_completion.missing.length === 1 ? 'item' : 'items'} missing
                            <span className="visually-hidden">: {status.detail}</span>
                          </div>
                        )}
                        {status.label === 'Suspended' && <div className="users-muted">{status.detail}</div>}
                        {user.profile_complete && <div className="users-muted">Reviewed</div>}
                      </td>
                      <td>
                        <div className="users-table__actions">
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-label={`View details of ${name}`}
                            onClick={() => setPending({ kind: 'details', user })}
                          >
                            Details
                          </button>
                          {canHoldPremium(user) && (
                            <button
                              type="button"
                              className="button button--secondary button--small"
                              aria-label={`${premium ? 'Revoke premium from' : 'Grant premium to'} ${name}`}
                              onClick={() => setPending({ kind: 'subscription', user, action: premium ? 'revoke' : 'grant' })}
                            >
                              {premium ? 'Revoke premium' : 'Grant premium'}
                            </button>
                          )}
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-label={`Send email to ${name}`}
                            onClick={() => setPending({ kind: 'email', user })}
                          >
                            Email
                          </button>
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-label={`${user.profile_complete ? 'Clear review of' : 'Mark reviewed'}: ${name}`}
                            onClick={() => setPending({ kind: 'status', user, complete: !user.profile_complete })}
                          >
                            {user.profile_complete ? 'Clear review' : 'Mark reviewed'}
                          </button>
                          {!isAdminUser(user) && (
                            <button
                              type="button"
                              className="button button--secondary button--small"
                              aria-label={`${user.identity_verified ? 'Revoke identity' : 'Verify identity'} of ${name}`}
                              onClick={() => setPending({ kind: 'identity', user, action: user.identity_verified ? 'revoke' : 'verify' })}
                            >
                              {user.identity_verified ? 'Revoke identity' : 'Verify identity'}
                            </button>
                          )}
                          {!protectedAccount && (
                            <button
                              type="button"
                              className={`button button--small ${user.suspension ? 'button--secondary' : 'button--danger'}`}
                              aria-label={`${user.suspension ? 'Reinstate' : 'Suspend'} ${name}`}
                              onClick={() => setPending({ kind: 'suspension', user, action: user.suspension ? 'reinstate' : 'suspend' })}
                            >
                              {user.suspension ? 'Reinstate' : 'Suspend'}
                            </button>
                          )}
                          {!isAdminUser(user) && (
                            <button
                              type="button"
                              className="button button--danger button--small"
                              aria-label={`Delete ${name}`}
                              onClick={() => setPending({ kind: 'delete', user })}
                            >
                              Delete
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
          <Pager page={filters.page} pages={pages} label="Users pages" className="users-pager" onPage={(page) => setFilters({ ...filters, page })} />
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
          title={pending.action === 'grant' ? 'Grant premium access?' : 'Revoke premium access?'}
          confirmLabel={pending.action === 'grant' ? 'Grant premium' : 'Revoke premium'}
          pendingLabel="Saving…"
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
                onError: () => setConfirmError('Failed to update subscription'),
              },
            )
          }
        >
          <p>
            {pending.action === 'grant'
              ? `${pending.user.first_name} ${pending.user.last_name} gets a year of premium access. The change is recorded in the admin history.`
              : `${pending.user.first_name} ${pending.user.last_name} loses premium access now. The change is recorded in the admin history.`}
          </p>
        </ConfirmDialog>
      )}
      {pending?.kind === 'status' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && close()}
          title={pending.complete ? 'Mark profile as reviewed?' : 'Clear the review of this profile?'}
          confirmLabel={pending.complete ? 'Mark reviewed' : 'Clear review'}
          pendingLabel="Saving…"
          pending={status.isPending}
          error={confirmError}
          onConfirm={() =>
            status.mutate(
              { userId: pending.user.id, complete: pending.complete },
              {
                onSuccess: () => {
                  done(pending.complete ? 'Profile marked as reviewed' : 'Profile review cleared', true);
                  close();
                },
                onError: () => setConfirmError('Failed to update profile status'),
              },
            )
          }
        >
          <p>
            {pending.complete
              ? `${pending.user.first_name} ${pending.user.last_name}’s profile will show as reviewed by an administrator. Whether it is complete still follows what it contains.`
              : `${pending.user.first_name} ${pending.user.last_name}’s profile will no longer show as reviewed.`}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
