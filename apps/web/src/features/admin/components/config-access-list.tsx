import { REMOVED_ACCOUNT_LABEL, type AccessListsResponse } from '@crew/contracts';
import { useId, useState } from 'react';
import { useChangeAccessList } from '../../../api/admin-config';
import { reasonOf } from './config-format';
import { MemberPicker } from './config-member-picker';

const LISTS = {
  grandfathered: { title: 'Grandfathered Users', note: 'permanent free access', empty: 'No grandfathered users', field: 'grandfathered_users', name: 'grandfathered users' },
  beta: { title: 'Beta Testers', note: 'beta testing privileges', empty: 'No beta testers', field: 'beta_testers', name: 'beta testers' },
} as const;

/**
 * One access list: its members by name (an erased account shows as removed)
 * with remove buttons, and a member picker (name or email search) to add
 * one. Each saved change says so.
 */
export function ConfigAccessList({ listType, lists }: { listType: 'grandfathered' | 'beta'; lists: AccessListsResponse }) {
  const list = LISTS[listType];
  const members = lists[list.field];
  const people = new Map(lists.people.map((person) => [person.id, person]));
  const nameOf = (userId: string): string => people.get(userId)?.name || REMOVED_ACCOUNT_LABEL;
  const id = useId();
  const change = useChangeAccessList();
  const [saved, setSaved] = useState<string | null>(null);
  const failedAction = change.variables?.action === 'remove' ? 'remove' : 'add';
  const run = (action: 'add' | 'remove', userId: string, name: string) => {
    setSaved(null);
    change.mutate({ action, user_id: userId, list_type: listType }, { onSuccess: () => setSaved(action === 'add' ? `Saved: ${name} added` : `Saved: ${name} removed`) });
  };
  return (
    <section className="card access-list" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{list.title}</h3>
      <p className="config-note">{list.note}</p>
      {members.length === 0 ? (
        <p className="access-list__empty">{list.empty}</p>
      ) : (
        <ul className="access-list__tags" aria-label={list.title}>
          {members.map((member) => {
            const name = nameOf(member);
            const email = people.get(member)?.email;
            return (
              <li key={member} className="tag" title={email ?? member}>
                <span className="tag__text">
                  {name}
                  {email && <span className="tag__detail"> · {email}</span>}
                </span>
                <button
                  type="button"
                  className="tag__remove"
                  aria-label={`Remove ${name} from ${list.name}`}
                  disabled={change.isPending}
                  onClick={() => run('remove', member, name)}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="access-list__add">
        <MemberPicker
          label={`Add a crew member to ${list.name}`}
          exclude={members}
          disabled={change.isPending}
          onPick={(user) => run('add', user.id, `${user.first_name} ${user.last_name}`)}
        />
      </div>
      <p className="config-saved" role="status">
        {saved && !change.isPending ? saved : ''}
      </p>
      {change.isError && (
        <p className="form__error" role="alert">
          Could not {failedAction} the user: {reasonOf(change.error)}
        </p>
      )}
    </section>
  );
}
