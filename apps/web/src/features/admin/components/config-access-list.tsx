import type { AccessListsResponse } from '@crew/contracts';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useChangeAccessList } from '../../../api/admin-config';
import { reasonOf, removedAccountLabel } from './config-format';
import { MemberPicker } from './config-member-picker';

const LISTS = {
  grandfathered: {
    title: msg`Grandfathered Users`,
    note: msg`permanent free access`,
    empty: msg`No grandfathered users`,
    field: 'grandfathered_users',
    add: msg`Add a crew member to grandfathered users`,
    remove: (name: string) => msg`Remove ${name} from grandfathered users`,
  },
  beta: {
    title: msg`Beta Testers`,
    note: msg`beta testing privileges`,
    empty: msg`No beta testers`,
    field: 'beta_testers',
    add: msg`Add a crew member to beta testers`,
    remove: (name: string) => msg`Remove ${name} from beta testers`,
  },
} as const;

/**
 * One access list: its members by name (an erased account shows as removed)
 * with remove buttons, and a member picker (name or email search) to add
 * one. Each saved change says so.
 */
export function ConfigAccessList({ listType, lists }: { listType: 'grandfathered' | 'beta'; lists: AccessListsResponse }) {
  const { t, i18n } = useLingui();
  const list = LISTS[listType];
  const title = i18n._(list.title);
  const members = lists[list.field];
  const people = new Map(lists.people.map((person) => [person.id, person]));
  const nameOf = (userId: string): string => people.get(userId)?.name || removedAccountLabel();
  const id = useId();
  const change = useChangeAccessList();
  const [saved, setSaved] = useState<string | null>(null);
  const failedAction = change.variables?.action === 'remove' ? 'remove' : 'add';
  const reason = change.isError ? reasonOf(change.error) : '';
  const run = (action: 'add' | 'remove', userId: string, name: string) => {
    setSaved(null);
    change.mutate({ action, user_id: userId, list_type: listType }, { onSuccess: () => setSaved(action === 'add' ? t`Saved: ${name} added` : t`Saved: ${name} removed`) });
  };
  return (
    <section className="card access-list" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <p className="config-note">{i18n._(list.note)}</p>
      {members.length === 0 ? (
        <p className="access-list__empty">{i18n._(list.empty)}</p>
      ) : (
        <ul className="access-list__tags" aria-label={title}>
          {members.map((member) => {
            const name = nameOf(member);
            const email = people.get(member)?.email;
            return (
              <li key={member} className="tag" title={email ?? member}>
                <span className="tag__text">
                  {name}
                  {email && <span className="tag__detail"> · {email}</span>}
                </span>
                <button type="button" className="tag__remove" aria-label={i18n._(list.remove(name))} disabled={change.isPending} onClick={() => run('remove', member, name)}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="access-list__add">
        <MemberPicker label={i18n._(list.add)} exclude={members} disabled={change.isPending} onPick={(user) => run('add', user.id, `${user.first_name} ${user.last_name}`)} />
      </div>
      <p className="config-saved" role="status">
        {saved && !change.isPending ? saved : ''}
      </p>
      {change.isError && (
        <p className="form__error" role="alert">
          {failedAction === 'remove' ? t`Could not remove the user: ${reason}` : t`Could not add the user: ${reason}`}
        </p>
      )}
    </section>
  );
}
