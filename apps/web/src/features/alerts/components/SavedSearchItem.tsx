import type { SavedSearchAlert } from '@crew/contracts';
import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { ApiError } from '../../../lib/api-client';
import { refusesAnyField } from '../../../lib/form-errors';
import { FieldMessage } from '../../../lib/forms/FieldMessage';
import { describedBy, fieldMessage, useContractForm } from '../../../lib/forms/use-contract-form';
import { useDeleteSavedSearch, useOpenSavedSearch, useUpdateSavedSearch, type SavedSearch } from '../../../api/saved-searches';
import { ALERT_CHOICES, alertLabel, browsePath, summaryParts } from '../../../lib/saved-search-text';

/** The server's own sentence when it gave one, else ours. */
const failureText = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.status > 0 && error.code !== 'HTTP_ERROR' && error.message ? error.message : fallback;

const isAlert = (value: string): value is SavedSearchAlert => (ALERT_CHOICES as readonly string[]).includes(value);

/** The inline rename: the contract's rule for a name, the server's refusal under the field. */
function RenameForm({ search, onDone }: { readonly search: SavedSearch; readonly onDone: () => void }) {
  const { t: translate } = useLingui();
  const id = useId();
  const update = useUpdateSavedSearch();
  const form = useContractForm((contracts) => contracts.savedSearchRequestSchema.pick({ name: true }), { defaultValues: { name: search.name } });
  const nameError = fieldMessage(form.formState.errors, 'name', update.error);
  const submit = form.handleSubmit(({ name }) => {
    if (update.isPending) return;
    update.mutate({ id: search.id, update: { name } }, { onSuccess: onDone });
  });
  return (
    <form className="saved-search__rename" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={id}>
          <Trans>New name</Trans>
        </label>
        {/* The member asked to rename: the field takes focus. */}
        <input type="text" autoComplete="off" autoFocus {...form.register('name')} {...describedBy(id, nameError)} />
        <FieldMessage id={id} message={nameError} />
      </div>
      {update.isError && !refusesAnyField(update.error, ['name']) && (
        <p className="form__error" role="alert">
          {failureText(update.error, translate`Could not rename this search. Please try again.`)}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button--primary button--small" disabled={update.isPending}>
          {update.isPending ? translate`Saving…` : translate`Save name`}
        </button>
        <button type="button" className="button button--secondary button--small" disabled={update.isPending} onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

interface SavedSearchItemProps {
  readonly search: SavedSearch;
  /** The search was deleted: the page says so (this item is gone). */
  readonly onDeleted: (name: string) => void;
}

/**
 * One saved search: its name, what it looks for, its new voyages since last
 * opened, its alert (changed in place), and Open, Rename and Delete.
 */
export function SavedSearchItem({ search, onDeleted }: SavedSearchItemProps) {
  const { t: translate } = useLingui();
  const ids = useId();
  const navigate = useNavigate();
  const update = useUpdateSavedSearch();
  const open = useOpenSavedSearch();
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasRenaming = useRef(false);

  // Back from the rename form, focus returns to the button that opened it.
  useEffect(() => {
    if (wasRenaming.current && !renaming) renameButton.current?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);

  const headingId = `${ids}-name`;
  const alertId = `${ids}-alert`;
  const name = search.name;
  const fresh = search.new_matches;

  const changeAlert = (value: string) => {
    if (!isAlert(value) || value === search.alert) return;
    setNotice(null);
    update.mutate(
      { id: search.id, update: { alert: value } },
      {
        onSuccess: (saved) => {
          const choice = alertLabel(saved.alert);
          setNotice(t`Email alerts: ${choice}.`);
        },
      },
    );
  };
  const openInBrowse = () => open.mutate(search.id, { onSuccess: (opened) => void navigate(browsePath(opened.filters, opened.bbox)) });

  return (
    <li className="saved-search">
      <article aria-labelledby={headingId}>
        <div className="saved-search__head">
          <h3 id={headingId} className="saved-search__name">
            {name}
          </h3>
          {fresh > 0 ? (
            <span className="saved-search__new">{plural(fresh, { one: '# new voyage', other: '# new voyages' })}</span>
          ) : (
            <span className="saved-search__none muted">
              <Trans>No new voyages</Trans>
            </span>
          )}
        </div>
        <ul className="saved-search__summary" aria-label={translate`What it looks for`}>
          {summaryParts(search.filters, search.bbox).map((part) => (
            <li key={part}>{part}</li>
          ))}
        </ul>
        {fresh > 0 && (
          <p className="muted saved-search__since">
            <Trans>Published since you last opened this search.</Trans>
          </p>
        )}
        <div className="field saved-search__alert">
          <label htmlFor={alertId}>
            <Trans>Email alerts</Trans>
          </label>
          <select id={alertId} value={search.alert} disabled={update.isPending} onChange={(event) => changeAlert(event.target.value)}>
            {ALERT_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {alertLabel(choice)}
              </option>
            ))}
          </select>
        </div>
        <p className="saved-search__status" role="status">
          {notice}
        </p>
        {update.isError && !renaming && (
          <p className="form__error" role="alert">
            {failureText(update.error, translate`Could not change the alert. Please try again.`)}
          </p>
        )}
        {open.isError && (
          <p className="form__error" role="alert">
            {failureText(open.error, translate`Could not open this search. Please try again.`)}
          </p>
        )}
        {renaming ? (
          <RenameForm search={search} onDone={() => setRenaming(false)} />
        ) : (
          <div className="actions saved-search__actions">
            <button type="button" className="button button--primary button--small" disabled={open.isPending} onClick={openInBrowse}>
              {open.isPending ? translate`Opening…` : translate`Open`}
              <span className="visually-hidden"> {name}</span>
            </button>
            <button
              ref={renameButton}
              type="button"
              className="button button--secondary button--small"
              onClick={() => {
                update.reset();
                setNotice(null);
                setRenaming(true);
              }}
            >
              <Trans>Rename</Trans>
              <span className="visually-hidden"> {name}</span>
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => {
                remove.reset();
                setConfirming(true);
              }}
            >
              <Trans>Delete</Trans>
              <span className="visually-hidden"> {name}</span>
            </button>
          </div>
        )}
      </article>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => !remove.isPending && setConfirming(next)}
        title={translate`Delete this saved search?`}
        confirmLabel={translate`Delete`}
        pendingLabel={translate`Deleting…`}
        cancelLabel={translate`Keep it`}
        tone="danger"
        pending={remove.isPending}
        error={remove.isError ? failureText(remove.error, translate`Could not delete this search. Please try again.`) : null}
        onConfirm={() =>
          remove.mutate(search.id, {
            onSuccess: () => {
              setConfirming(false);
              onDeleted(name);
            },
          })
        }
      >
        <p>
          <Trans>“{name}” and its email alerts will be deleted. Voyages are not affected.</Trans>
        </p>
      </ConfirmDialog>
    </li>
  );
}
