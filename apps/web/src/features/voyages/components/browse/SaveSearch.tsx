import type { SavedSearchBbox, SavedSearchFilters } from '@crew/contracts';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useState, type RefObject } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../../lib/api-client';
import { refusesAnyField } from '../../../../lib/form-errors';
import { FieldMessage } from '../../../../lib/forms/FieldMessage';
import { describedBy, fieldMessage, useContractForm } from '../../../../lib/forms/use-contract-form';
import { ALERT_CHOICES, alertLabel, suggestedName, summaryParts } from '../../../../lib/saved-search-text';
import { useToken } from '../../../../lib/session';
import { useCreateSavedSearch } from '../../../../api/saved-searches';
import { filterQuery, type BrowseFilters } from '../../lib/browse-filters';
import '../../saved-searches.css';

/** The server's own sentence (the 20-search limit, a refused filter), else ours. */
const failureText = (error: unknown): string =>
  error instanceof ApiError && error.status > 0 && error.code !== 'HTTP_ERROR' && error.message ? error.message : t`Could not save this search. Please try again.`;

interface SaveSearchDialogProps {
  readonly filters: SavedSearchFilters;
  readonly bbox: SavedSearchBbox | null;
  readonly onClose: () => void;
  readonly onSaved: (name: string) => void;
}

/** "Save this search": a name (suggested from the filters) and how often to be told of new matching voyages. */
function SaveSearchDialog({ filters, bbox, onClose, onSaved }: SaveSearchDialogProps) {
  const { t: translate } = useLingui();
  const ids = useId();
  const create = useCreateSavedSearch();
  const form = useContractForm((contracts) => contracts.savedSearchRequestSchema.pick({ name: true, alert: true }), {
    defaultValues: { name: suggestedName(filters, bbox), alert: 'daily' },
  });
  const { errors } = form.formState;
  const nameId = `${ids}-name`;
  const alertId = `${ids}-alert`;
  const nameError = fieldMessage(errors, 'name', create.error);

  const submit = form.handleSubmit(({ name, alert }) => {
    if (create.isPending) return;
    // Daily and weekly digests go out in the member's morning: the browser says where that is.
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    create.mutate({ name, alert, filters, bbox, ...(timeZone ? { time_zone: timeZone } : {}) }, { onSuccess: (saved) => onSaved(saved.name) });
  });

  return (
    // Stays open while the search is being saved, so its outcome is always shown.
    <Dialog.Root open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog dialog--narrow save-search-dialog">
          <Dialog.Title>
            <Trans>Save this search</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>We email you when new voyages match it, as often as you choose. You can change or delete it at any time.</Trans>
          </Dialog.Description>
          <div className="save-search-dialog__filters">
            <p className="save-search-dialog__filters-heading">
              <Trans>What it looks for</Trans>
            </p>
            <ul className="save-search-dialog__summary">
              {summaryParts(filters, bbox).map((part) => (
                <li key={part}>{part}</li>
              ))}
            </ul>
          </div>
          <form className="form" noValidate onSubmit={(event) => void submit(event)}>
            <div className="field">
              <label htmlFor={nameId}>
                <Trans>Name</Trans>
              </label>
              <input type="text" autoComplete="off" {...form.register('name')} {...describedBy(nameId, nameError)} />
              <FieldMessage id={nameId} message={nameError} />
            </div>
            <div className="field">
              <label htmlFor={alertId}>
                <Trans>Email alerts</Trans>
              </label>
              <select id={alertId} {...form.register('alert')}>
                {ALERT_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>
                    {alertLabel(choice)}
                  </option>
                ))}
              </select>
            </div>
            {create.isError && !refusesAnyField(create.error, ['name']) && (
              <p className="form__error" role="alert">
                {failureText(create.error)}
              </p>
            )}
            <div className="actions actions--end">
              <Dialog.Close asChild>
                <button type="button" className="button button--secondary" disabled={create.isPending}>
                  <Trans>Cancel</Trans>
                </button>
              </Dialog.Close>
              <button type="submit" className="button button--primary" disabled={create.isPending}>
                {create.isPending ? translate`Saving…` : translate`Save search`}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface SaveSearchProps {
  /** How many times the member asked (each ask opens the dialog). */
  readonly asked: number;
  /** Browse's state as the address has it. */
  readonly filters: BrowseFilters;
  /** The area the map shows once moved (null before, and in the list). */
  readonly mapArea: RefObject<SavedSearchBbox | null>;
}

/** What to save: the filters of the address (empty ones left out) and the area: the map's once moved, else the searched one. */
const requestOf = (filters: BrowseFilters, mapArea: SavedSearchBbox | null) => ({
  filters: filterQuery(filters),
  bbox: (filters.view === 'map' ? mapArea : null) ?? (filters.bbox ? (filters.bbox.split(',').map(Number) as SavedSearchBbox) : null),
});

/**
 * Browse's "Save this search", loaded on the click (or when the pointer nears
 * the button), not with the page: the dialog for each ask, then a notice with
 * the way to the saved searches; a guest is sent to sign in and back. The
 * notice's live region is there from the start, so a screen reader announces
 * what arrives in it.
 */
export function SaveSearch({ asked, filters, mapArea }: SaveSearchProps) {
  const signedIn = useToken() !== null;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [request, setRequest] = useState<ReturnType<typeof requestOf> | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    if (!signedIn) void navigate('/login', { state: { from: `${pathname}${search}` } });
    else setRequest(requestOf(filters, mapArea.current));
    // Only a new ask opens the dialog, with the filters and area of that moment.
  }, [asked]);
  const onClose = () => setRequest(null);
  return (
    <>
      <div className="save-search-notice" role="status">
        {saved !== null && (
          <p className="save-search-notice__body">
            <span>
              <Trans>
                Search “{saved}” saved. <Link to="/saved-searches">See your saved searches</Link>
              </Trans>
            </span>
            <button type="button" className="link-button" onClick={() => setSaved(null)}>
              <Trans>Dismiss</Trans>
            </button>
          </p>
        )}
      </div>
      {request && (
        <SaveSearchDialog
          filters={request.filters}
          bbox={request.bbox}
          onClose={onClose}
          onSaved={(name) => {
            setSaved(name);
            onClose();
          }}
        />
      )}
    </>
  );
}
