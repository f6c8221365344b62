import { CREW_NEEDED_LIMITS, CURRENCY_VALUES, EXPERIENCE_LEVEL_VALUES, VOYAGE_TEXT_MAX, type BoatResponse, type VoyageRequest, type VoyageResponse } from '@crew/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { TextField } from '../../../../components/ui/TextField';
import { ApiError } from '../../../../lib/api-client';
import { messageAt, useContractForm } from '../../../../lib/forms/use-contract-form';
import { myBoatsQueryOptions } from '../../../../api/boats';
import { createVoyage, showSavedVoyage, updateVoyage, updateVoyageFrom } from '../../../../api/voyage-changes';
import { useViewerId } from '../../../../api/voyages';
import { activeLocale } from '../../../../i18n/i18n';
import { formatFeet } from '../../lib/format';
import { experienceLevelLabel } from '../../../../lib/code-labels';
import { VoyagePreviewDialog } from './VoyagePreviewDialog';
import { RoutePlanner } from './RoutePlanner';
import { SkillsInput } from './SkillsInput';
import { voyageFormSchema } from './form-schema';
import {
  clearLocalDraft,
  emptyForm,
  formFromDraft,
  newStop,
  readLocalDraft,
  saveLocalDraft,
  serverFieldErrors,
  toVoyageRequest,
  todayIso,
  type ContributionType,
  type Currency,
  type ExperienceLevel,
  type FormErrors,
  type FormMode,
  type LocalDraft,
  type VoyageFormValues,
} from './form-state';

const CONTRIBUTION_OPTIONS: { value: ContributionType; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { value: 'free', label: msg`Free`, hint: msg`Crew sail at no cost` },
  { value: 'shared_costs', label: msg`Shared costs`, hint: msg`Crew share food, fuel and marina fees` },
  { value: 'paid', label: msg`Paid experience`, hint: msg`Crew pay for the trip` },
];

/** When a draft was saved on this device ("Jan 1, 2030, 10:00 AM" in English). */
const savedAt = (value: string): string => {
  const locale = activeLocale();
  return new Date(value).toLocaleString(locale === 'en' ? 'en-US' : locale, { dateStyle: 'medium', timeStyle: 'short' });
};

/** Failure text: the server's own message, else a fallback. */
const failureText = (error: unknown, fallback: string): string => (error instanceof ApiError && error.status >= 400 && error.code !== 'HTTP_ERROR' ? error.message : fallback);

interface VoyageFormProps {
  readonly mode: FormMode;
  readonly initial?: VoyageFormValues;
  /** Edit mode: the voyage being edited. */
  readonly voyage?: VoyageResponse;
  /** Edit mode: the version (ETag) `voyage` was loaded at; a save sends it, so it cannot overwrite someone else's change. */
  readonly etag?: string | null;
  /** Edit mode: loads the latest version of the voyage into a fresh form (after the user agreed to drop their changes). */
  readonly onReloadLatest?: () => Promise<unknown>;
}

/** Publish (or update) with the values the form checked, or save a draft as it stands. */
type Action = { readonly kind: 'publish' | 'draft'; readonly values: VoyageFormValues };

/** The one create/edit voyage form (with the publishing rules of docs/features/voyages.md), on react-hook-form with the contract's request schema. */
export function VoyageForm({ mode, initial, voyage, etag = null, onReloadLatest }: VoyageFormProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const viewerId = useViewerId();
  const ids = useId();
  const isDraftVoyage = voyage?.status === 'draft';
  // Publishing a draft follows the create rules (the server does the same).
  const rules: FormMode = mode === 'edit' && !isDraftVoyage ? 'edit' : 'create';
  const form = useContractForm((contracts) => voyageFormSchema(contracts, rules), { defaultValues: initial ?? emptyForm() });
  const values = form.watch();
  const [notice, setNotice] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [localDraft, setLocalDraft] = useState<LocalDraft | null>(() => (mode === 'create' ? readLocalDraft() : null));
  const [serverDraftId, setServerDraftId] = useState<string | null>(null);
  // The version this form's values came from; a later background refetch must not move it.
  const [loadedEtag, setLoadedEtag] = useState<string | null>(etag);
  const [stale, setStale] = useState(false);
  const [confirmReload, setConfirmReload] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [reloadError, setReloadError] = useState<string | null>(null);
  const boats = useQuery(myBoatsQueryOptions());
  const activeBoats = (boats.data ?? []).filter((boat) => boat.is_active);

  const submit = useMutation({
    mutationFn: async ({ kind, values: sent }: Action): Promise<VoyageResponse> => {
      if (mode === 'edit' && voyage) {
        const body = toVoyageRequest(sent, isDraftVoyage ? kind === 'draft' : undefined);
        const { data, etag: saved } = await updateVoyageFrom(voyage.id, body, loadedEtag);
        setLoadedEtag(saved);
        return data;
      }
      const body: VoyageRequest = toVoyageRequest(sent, kind === 'draft');
      // A draft already saved on the server is updated (and published) in place, never duplicated.
      return serverDraftId ? updateVoyage(serverDraftId, body) : createVoyage(body);
    },
    onSuccess: (saved, { kind, values: sent }) => {
      showSavedVoyage(queryClient, saved, viewerId);
      if (kind === 'draft') {
        if (mode === 'create') {
          setServerDraftId(saved.id);
          saveLocalDraft(sent, saved.id);
        }
        setNotice(t`Draft saved successfully!`);
        return;
      }
      if (mode === 'create') clearLocalDraft();
      navigate(`/voyages/${saved.id}`);
    },
    onError: (error) => {
      // Someone else saved first: keep every value typed here and let the user choose.
      if (error instanceof ApiError && error.status === 412) setStale(true);
    },
  });

  // The server's refusal stays until the next submit (a save or publish resets it).
  const refusal = submit.error instanceof ApiError && submit.error.status !== 412 ? submit.error : null;
  const serverErrors: FormErrors = refusal ? serverFieldErrors(refusal.code, refusal.details, refusal.message) : {};
  const draftFailure = failureText(submit.error, t`please try again.`);
  const failure =
    submit.isError && !(submit.error instanceof ApiError && submit.error.status === 412)
      ? submit.variables?.kind === 'draft' && mode === 'create'
        ? t`Draft saved on this device, but not to your account: ${draftFailure}`
        : failureText(submit.error, mode === 'create' ? t`Failed to create voyage. Please try again.` : t`Failed to update voyage. Please try again.`)
      : null;
  const { errors, isSubmitted } = form.formState;
  /** A field's message: what the form finds wrong now (after the first publish), else the server's refusal of the last save. */
  const errorOf = (name: string): string | undefined => messageAt(errors, name) ?? serverErrors[name as keyof FormErrors];
  // Derived, not stored: it goes away as soon as the last highlighted field is put right.
  const needsCorrection = Object.keys(errors).length > 0;

  /** After the first publish, every message follows the values: one field can fix or break another's (dates, route). */
  const revalidate = () => {
    if (isSubmitted) void form.trigger();
  };
  const update = (patch: Partial<VoyageFormValues>) => {
    for (const [name, value] of Object.entries(patch) as [keyof VoyageFormValues, VoyageFormValues[keyof VoyageFormValues]][]) {
      form.setValue(name, value as never, { shouldDirty: true });
    }
    setNotice(null);
    revalidate();
  };

  // One active boat needs no choosing.
  const onlyBoatId = mode === 'create' && activeBoats.length === 1 ? activeBoats[0]?.id : undefined;
  useEffect(() => {
    if (onlyBoatId && !form.getValues('boat_id')) form.setValue('boat_id', onlyBoatId);
  }, [onlyBoatId, form]);

  const toggleCustom = (custom: boolean) => {
    // Each mode's own fields (and so their errors) start empty when switching.
    update(
      custom
        ? { is_custom_voyage: true, stops: [newStop(), newStop()] }
        : { is_custom_voyage: false, departure_location: '', arrival_location: '', distance_nm: '', custom_voyage_notes: '' },
    );
  };

  const focusFirstInvalid = () => window.setTimeout(() => document.querySelector<HTMLElement>('.voyage-form [aria-invalid="true"], .voyage-form .form__error')?.focus(), 0);

  const reloadLatest = async () => {
    if (!onReloadLatest) return;
    setReloading(true);
    setReloadError(null);
    try {
      await onReloadLatest();
    } catch {
      setReloadError(t`Could not load the latest version. Please try again.`);
      setReloading(false);
    }
  };

  const publish = () => {
    setStale(false);
    setNotice(null);
    submit.reset();
    void form.handleSubmit(
      (checked) => submit.mutate({ kind: 'publish', values: checked }),
      () => {
        setPreviewOpen(false);
        focusFirstInvalid();
      },
    )();
  };

  const saveDraft = () => {
    const current = form.getValues();
    if (mode === 'create') {
      saveLocalDraft(current, serverDraftId);
      setLocalDraft(null);
    }
    submit.mutate({ kind: 'draft', values: current });
  };

  const restoreDraft = () => {
    if (!localDraft) return;
    form.reset(formFromDraft(localDraft));
    setServerDraftId(localDraft.server_draft_id);
    setLocalDraft(null);
  };

  const routeFilled = values.is_custom_voyage
    ? values.departure_location.trim() !== '' && values.arrival_location.trim() !== ''
    : Boolean(values.stops[0]?.port && values.stops[values.stops.length - 1]?.port);
  const canPreview = values.title.trim() !== '' && values.estimated_start_date !== '' && values.estimated_end_date !== '' && routeFilled;
  const busy = submit.isPending;
  const today = todayIso();
  const startMin = rules === 'create' ? today : undefined;
  const publishLabel = mode === 'edit' && !isDraftVoyage ? t`Update Voyage` : t`Publish Voyage`;
  const showDraftButton = mode === 'create' || isDraftVoyage;
  const draftSavedAt = localDraft ? savedAt(localDraft.saved_at) : '';
  const draftTitle = localDraft?.form.title ?? '';
  /** "Sea Breeze (38 ft monohull)". */
  const boatOption = (boat: BoatResponse) => {
    const name = boat.name;
    const length = formatFeet(boat.length_feet, false);
    const type = boat.boat_type;
    return t`${name} (${length} ${select(type, { monohull: 'monohull', catamaran: 'catamaran', trimaran: 'trimaran', motor_yacht: 'motor yacht', motorsailer: 'motorsailer', other: 'other' })})`;
  };

  return (
    <form
      className="form voyage-form"
      onSubmit={(event) => {
        event.preventDefault();
        publish();
      }}
      noValidate
      aria-label={mode === 'create' ? t`Create voyage` : t`Edit voyage`}
    >
      {localDraft && (
        <div className="voyage-form__restore" role="region" aria-label={t`Saved draft`}>
          <p>{draftTitle ? t`You have a draft saved on this device on ${draftSavedAt} (“${draftTitle}”).` : t`You have a draft saved on this device on ${draftSavedAt}.`}</p>
          <div className="actions">
            <button type="button" className="button button--primary button--small" onClick={restoreDraft}>
              <Trans>Restore draft</Trans>
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => {
                clearLocalDraft();
                setLocalDraft(null);
              }}
            >
              <Trans>Discard</Trans>
            </button>
          </div>
        </div>
      )}

      <section className="card voyage-form__section voyage-form__type">
        <div className="toggle-row">
          <label htmlFor={`${ids}-custom`}>
            <strong>
              <Trans>Custom voyage</Trans>
            </strong>
            <span className="field__hint">
              {' '}
              <Trans>— free-text locations and your own distance, for passages without catalogue ports</Trans>
            </span>
          </label>
          <Switch.Root id={`${ids}-custom`} className="switch" checked={values.is_custom_voyage} onCheckedChange={toggleCustom}>
            <Switch.Thumb className="switch__thumb" />
          </Switch.Root>
        </div>
      </section>

      <RoutePlanner control={form.control} values={values} errorOf={errorOf} onChange={update} onStopsChange={revalidate} />

      <section className="card voyage-form__section" aria-labelledby={`${ids}-details`}>
        <h2 id={`${ids}-details`}>
          <Trans>Voyage details</Trans>
        </h2>
        <TextField
          label={t`Title`}
          value={values.title}
          onValueChange={(title) => update({ title })}
          error={errorOf('title')}
          maxLength={VOYAGE_TEXT_MAX.title}
          placeholder={t`e.g. Channel crossing to Normandy`}
        />
        <div className="field">
          <label htmlFor={`${ids}-description`}>
            <Trans>Description</Trans>
          </label>
          <textarea
            id={`${ids}-description`}
            rows={5}
            maxLength={VOYAGE_TEXT_MAX.description}
            value={values.description}
            onChange={(event) => update({ description: event.target.value })}
            placeholder={t`The plan, the boat's routine, what crew can expect…`}
          />
        </div>
        <div className="form__row">
          <TextField
            label={t`Departure date`}
            type="date"
            value={values.estimated_start_date}
            min={startMin}
            onValueChange={(estimated_start_date) => update({ estimated_start_date })}
            error={errorOf('estimated_start_date')}
          />
          <TextField
            label={t`Return date`}
            type="date"
            value={values.estimated_end_date}
            min={values.estimated_start_date || startMin}
            onValueChange={(estimated_end_date) => update({ estimated_end_date })}
            error={errorOf('estimated_end_date')}
          />
        </div>
      </section>

      <section className="card voyage-form__section" aria-labelledby={`${ids}-contribution`}>
        <h2 id={`${ids}-contribution`}>
          <Trans>Contribution</Trans>
        </h2>
        <fieldset className="contribution-types">
          <legend>
            <Trans>What crew contribute</Trans>
          </legend>
          {CONTRIBUTION_OPTIONS.map((option) => (
            <label key={option.value} className={`contribution-type${values.contribution_type === option.value ? ' contribution-type--selected' : ''}`}>
              <input
                type="radio"
                name={`${ids}-contribution-type`}
                value={option.value}
                checked={values.contribution_type === option.value}
                onChange={() => update({ contribution_type: option.value })}
              />
              <span className="contribution-type__label">{i18n._(option.label)}</span>
              <span className="field__hint">{i18n._(option.hint)}</span>
            </label>
          ))}
        </fieldset>
        {values.contribution_type !== 'free' && (
          <>
            <div className="form__row">
              <TextField
                label={t`Amount`}
                type="number"
                min={0}
                step={10}
                inputMode="decimal"
                value={values.contribution_amount}
                onValueChange={(contribution_amount) => update({ contribution_amount })}
                error={errorOf('contribution_amount')}
              />
              <div className="field">
                <label htmlFor={`${ids}-currency`}>
                  <Trans>Currency</Trans>
                </label>
                <select id={`${ids}-currency`} value={values.contribution_currency} onChange={(event) => update({ contribution_currency: event.target.value as Currency })}>
                  {CURRENCY_VALUES.map((currency) => (
                    <option key={currency} value={currency}>
                      {currency}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className="field">
              <label htmlFor={`${ids}-contribution-details`}>
                <Trans>Contribution details</Trans>
              </label>
              <textarea
                id={`${ids}-contribution-details`}
                rows={3}
                maxLength={VOYAGE_TEXT_MAX.contributionDetails}
                value={values.contribution_details}
                onChange={(event) => update({ contribution_details: event.target.value })}
                placeholder={t`What the amount covers: food, fuel, marina fees…`}
              />
            </div>
          </>
        )}
        <label className="checkbox">
          <input type="checkbox" checked={values.includes_food} onChange={(event) => update({ includes_food: event.target.checked })} />
          <span>
            <Trans>Includes food: meals aboard are part of the voyage</Trans>
          </span>
        </label>
      </section>

      <section className="card voyage-form__section" aria-labelledby={`${ids}-boat`}>
        <h2 id={`${ids}-boat`}>
          <Trans>Boat</Trans>
        </h2>
        {boats.isPending ? (
          <p role="status">
            <Trans>Loading your boats…</Trans>
          </p>
        ) : boats.isError ? (
          <p className="form__error" role="alert">
            <Trans>Your boats could not be loaded.</Trans>{' '}
            <button type="button" className="link-button" onClick={() => void boats.refetch()}>
              <Trans>Retry</Trans>
            </button>
          </p>
        ) : activeBoats.length === 0 ? (
          <div className="field">
            <p>
              <Trans>
                You have no active boat yet. <Link to="/profile">Add a boat on your profile</Link> (My Boats), then come back to publish.
              </Trans>
            </p>
            {errorOf('boat_id') && (
              <p className="field__error" role="alert">
                {errorOf('boat_id')}
              </p>
            )}
          </div>
        ) : (
          <div className="field">
            <label htmlFor={`${ids}-boat-select`}>
              <Trans>Boat for this voyage</Trans>
            </label>
            <select
              id={`${ids}-boat-select`}
              value={values.boat_id}
              onChange={(event) => update({ boat_id: event.target.value })}
              aria-invalid={errorOf('boat_id') ? true : undefined}
              aria-describedby={errorOf('boat_id') ? `${ids}-boat-error` : undefined}
            >
              <option value="">{t`Choose a boat…`}</option>
              {activeBoats.map((boat) => (
                <option key={boat.id} value={boat.id}>
                  {boatOption(boat)}
                </option>
              ))}
            </select>
            {errorOf('boat_id') && (
              <p id={`${ids}-boat-error`} className="field__error">
                {errorOf('boat_id')}
              </p>
            )}
          </div>
        )}
      </section>

      <section className="card voyage-form__section" aria-labelledby={`${ids}-crew`}>
        <h2 id={`${ids}-crew`}>
          <Trans>Crew requirements</Trans>
        </h2>
        <div className="form__row">
          <TextField
            label={t`Crew needed`}
            type="number"
            min={CREW_NEEDED_LIMITS.min}
            max={CREW_NEEDED_LIMITS.max}
            step={1}
            value={values.crew_needed}
            onValueChange={(crew_needed) => update({ crew_needed })}
            error={errorOf('crew_needed')}
          />
          <div className="field">
            <label htmlFor={`${ids}-experience`}>
              <Trans>Minimum experience</Trans>
            </label>
            <select id={`${ids}-experience`} value={values.min_experience} onChange={(event) => update({ min_experience: event.target.value as ExperienceLevel })}>
              {EXPERIENCE_LEVEL_VALUES.map((level) => (
                <option key={level} value={level}>
                  {experienceLevelLabel(level)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <SkillsInput skills={values.skills} onChange={(skills) => update({ skills })} error={errorOf('skills')} />
      </section>

      {needsCorrection && (
        <p className="form__error" role="alert" tabIndex={-1}>
          <Trans>Please correct the highlighted fields.</Trans>
        </p>
      )}
      {failure && (
        <p className="form__error" role="alert" tabIndex={-1}>
          {failure}
        </p>
      )}
      {stale && (
        <div className="form__error voyage-form__stale" role="alert">
          <p>
            <Trans>Someone else changed this voyage since you opened it, so your changes were not saved. Everything you typed is still here.</Trans>
          </p>
          {onReloadLatest && (
            <button type="button" className="button button--secondary button--small" onClick={() => setConfirmReload(true)}>
              <Trans>Load the latest version</Trans>
            </button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirmReload}
        onOpenChange={(open) => {
          setConfirmReload(open);
          setReloadError(null);
        }}
        title={t`Load the latest version?`}
        confirmLabel={t`Discard my changes and reload`}
        pendingLabel={t`Loading…`}
        cancelLabel={t`Keep my changes`}
        tone="danger"
        pending={reloading}
        error={reloadError}
        onConfirm={() => void reloadLatest()}
      >
        <p>
          <Trans>The form will show the voyage as it was last saved. The changes you made on this page will be lost.</Trans>
        </p>
      </ConfirmDialog>
      {notice && (
        <p className="form__success" role="status">
          {notice}
        </p>
      )}
      <div className="actions voyage-form__actions">
        {showDraftButton && (
          <button type="button" className="button button--secondary" onClick={saveDraft} disabled={busy}>
            {busy && submit.variables?.kind === 'draft' ? t`Saving...` : t`Save Draft`}
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setPreviewOpen(true)}
          disabled={!canPreview}
          aria-describedby={canPreview ? undefined : `${ids}-preview-hint`}
        >
          <Trans>Preview Voyage</Trans>
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy && submit.variables?.kind === 'publish' ? (mode === 'create' ? t`Publishing...` : t`Updating...`) : publishLabel}
        </button>
      </div>
      {!canPreview && (
        <p id={`${ids}-preview-hint`} className="field__hint">
          <Trans>Preview needs a title, both dates, a departure and a destination.</Trans>
        </p>
      )}
      {previewOpen && (
        <VoyagePreviewDialog
          values={values}
          boat={activeBoats.find((boat) => boat.id === values.boat_id)}
          submitting={busy}
          onClose={() => setPreviewOpen(false)}
          onPublish={publish}
        />
      )}
    </form>
  );
}
