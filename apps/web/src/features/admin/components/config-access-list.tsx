import type { AccessListsResponse } from '@crew/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useChangeAccessList } from '../api/config-access-lists';
import { reasonOf } from './config-format';

const LISTS = {
  grandfathered: { title: 'Grandfathered Users', note: 'permanent free access', empty: 'No grandfathered users', field: 'grandfathered_users', name: 'grandfathered users' },
  beta: { title: 'Beta Testers', note: 'beta testing privileges', empty: 'No beta testers', field: 'beta_testers', name: 'beta testers' },
} as const;

/** One access list as user-id tags with remove buttons, and a user-id input with Add (Enter works too). */
export function ConfigAccessList({ listType, lists }: { listType: 'grandfathered' | 'beta'; lists: AccessListsResponse }) {
  const list = LISTS[listType];
  const members = lists[list.field];
  const id = useId();
  const change = useChangeAccessList();
  const [userId, setUserId] = useState('');
  const trimmed = userId.trim();
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    change.mutate({ action: 'add', user_id: trimmed, list_type: listType }, { onSuccess: () => setUserId('') });
  };
  const failedAction = change.variables?.action === 'remove' ? 'remove' : 'add';
  return (
    <section className="card access-list" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{list.title}</h3>
      <p className="config-note">{list.note}</p>
      {members.length === 0 ? (
        <p className="access-list__empty">{list.empty}</p>
      ) : (
        <ul className="access-list__tags" aria-label={list.title}>
          {members.map((member) => (
            <li key={member} className="tag">
              <span className="tag__text">User {member}</span>
              <button
                type="button"
                className="tag__remove"
                aria-label={`Remove User ${member} from ${list.name}`}
                disabled={change.isPending}
                onClick={() => change.mutate({ action: 'remove', user_id: member, list_type: listType })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="access-list__add" onSubmit={add}>
        <div className="field">
          <label htmlFor={`${id}-user`}>User ID to add to {list.name}</label>
          <input id={`${id}-user`} type="text" autoComplete="off" spellCheck={false} value={userId} onChange={(event) => setUserId(event.target.value)} />
        </div>
        <button type="submit" className="button button--secondary button--small" disabled={!trimmed || change.isPending}>
          Add
        </button>
      </form>
      {change.isError && (
        <p className="form__error" role="alert">
          Could not {failedAction} the user: {reasonOf(change.error)}
        </p>
      )}
    </section>
  );
}
