import type { AdminUser } from '@crew/contracts';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { userSearchQueryOptions } from '../../../api/admin-users';
import { useDebounced } from './users-debounce';

/**
 * Picks a crew member by name or email (or a whole id): a combobox over the
 * admin users search, debounced like the users page. Arrow keys move through
 * the matches, Enter picks, Escape closes. Only crew and "both" accounts are
 * offered: the rollout, the grandfathered and the beta lists concern crew only.
 */
export function MemberPicker({
  label,
  exclude,
  disabled,
  onPick,
}: {
  label: string;
  /** Ids already on the list: not offered again. */
  exclude: readonly string[];
  disabled: boolean;
  onPick: (user: AdminUser) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebounced(text.trim());
  const found = useQuery({ ...userSearchQueryOptions(search), enabled: search.trim().length >= 2 });
  const matches =
    search.length >= 2 && found.data && !found.isPlaceholderData
      ? found.data.users.filter((user) => !user.is_admin && (user.user_type === 'crew' || user.user_type === 'both') && !exclude.includes(user.id))
      : [];
  const expanded = open && search.length >= 2;
  const pick = (user: AdminUser) => {
    onPick(user);
    setText('');
    setOpen(false);
    setActive(0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && matches.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % matches.length);
    } else if (event.key === 'ArrowUp' && matches.length > 0) {
      event.preventDefault();
      setActive((i) => (i - 1 + matches.length) % matches.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = matches[active];
      if (expanded && chosen) pick(chosen);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };
  const matchCount = matches.length;
  const status =
    search.length < 2
      ? ''
      : found.isFetching || found.isPlaceholderData
        ? t`Searching…`
        : found.isError
          ? t`Search failed`
          : matches.length === 0
            ? t`No crew members match`
            : t`${plural(matchCount, { one: '# match', other: '# matches' })}`;
  return (
    <div className="member-picker field">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder={t`Name or email`}
        aria-autocomplete="list"
        aria-expanded={expanded && matches.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={expanded && matches[active] ? `${id}-option-${matches[active].id}` : undefined}
        aria-describedby={`${id}-status`}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <span id={`${id}-status`} className="visually-hidden" role="status">
        {status}
      </span>
      {expanded && status && matches.length === 0 && <p className="member-picker__empty">{status}</p>}
      <ul id={`${id}-list`} role="listbox" aria-label={t`${label}: matches`} className="member-picker__list" hidden={!expanded || matches.length === 0}>
        {matches.map((user, index) => (
          <li
            key={user.id}
            id={`${id}-option-${user.id}`}
            role="option"
            aria-selected={index === active}
            className={`member-picker__option${index === active ? ' member-picker__option--active' : ''}`}
            // mousedown, not click: it comes before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(user);
            }}
          >
            <span>
              {user.first_name} {user.last_name}
            </span>
            <span className="member-picker__email">{user.email}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
