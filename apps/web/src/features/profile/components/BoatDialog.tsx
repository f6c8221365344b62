import { BOAT_EQUIPMENT, BOAT_TYPES, REGISTRATION_COUNTRIES, type BoatResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useSaveBoat } from '../../../api/boats';
import { AccountField } from '../../../components/account/AccountField';
import { FieldMessage } from '../../../lib/forms/FieldMessage';
import { describedBy, messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import { boatTypeLabel } from '../../../lib/code-labels';
import { equipmentName } from '../../../lib/skill-labels';
import { equipmentGroupLabel } from '../lib/labels';

type EquipmentGroup = keyof typeof BOAT_EQUIPMENT;

/** What an input holds as the contract reads it: an empty box is no value (null, or left out where the contract has a default or a message for it). */
const orNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));
const orUnset = (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value));
const choiceOrNull = (value: unknown) => (value === '' ? null : value);
const choiceOrUnset = (value: unknown) => (value === '' ? undefined : value);

const initialValues = (boat: BoatResponse | null) => ({
  name: boat?.name ?? '',
  boat_type: boat?.boat_type,
  make_model: boat?.make_model ?? '',
  length_feet: boat?.length_feet,
  year: boat?.year_built || null,
  capacity: boat?.max_crew ?? 6,
  beam_feet: boat?.beam_feet || null,
  draft_feet: boat?.draft_feet || null,
  berths: boat?.berths || null,
  heads: boat?.heads || null,
  home_port_name: boat?.home_port_name ?? '',
  registration_number: boat?.registration_number ?? '',
  registration_country: boat?.registration_country ?? null,
  description: boat?.description ?? '',
  is_active: boat?.is_active ?? true,
  equipment: {
    safety: (boat?.equipment.safety ?? []) as (typeof BOAT_EQUIPMENT.safety)[number][],
    navigation: (boat?.equipment.navigation ?? []) as (typeof BOAT_EQUIPMENT.navigation)[number][],
    comfort: (boat?.equipment.comfort ?? []) as (typeof BOAT_EQUIPMENT.comfort)[number][],
  },
});

function EditTitle({ name }: { name: string }) {
  return <Trans>Edit {name}</Trans>;
}

/** Add or edit a boat with its equipment and photo. */
export function BoatDialog({ boat, onClose, onSaved }: { boat: BoatResponse | null; onClose: () => void; onSaved: (message: string) => void }) {
  const { t } = useLingui();
  const save = useSaveBoat();
  const form = useContractForm((contracts) => contracts.boatRequestSchema, { defaultValues: initialValues(boat) });
  const { errors } = form.formState;
  const message = (name: string) => messageAt(errors, name);
  const [photo, setPhoto] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(
      { id: boat?.id ?? null, body, photo },
      {
        onSuccess: (outcome) => (outcome.kind === 'saved' ? onSaved(outcome.message) : setFailure(outcome.message)),
        onError: ({ message: reason }) => setFailure(t`Failed to save boat: ${reason}`),
      },
    ),
  );

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog boat-dialog" aria-describedby={undefined}>
          <Dialog.Title>{boat ? <EditTitle name={boat.name} /> : <Trans>Add a boat</Trans>}</Dialog.Title>
          <form
            className="form"
            onSubmit={(event) => {
              setFailure(null);
              void onSubmit(event);
            }}
            noValidate
          >
            {failure && (
              <p className="form__error" role="alert">
                {failure}
              </p>
            )}
            <div className="form__row">
              <AccountField label={t`Boat name`} {...form.register('name')} message={message('name')} />
              <div className="field">
                <label htmlFor="boat-type">
                  <Trans>Boat type</Trans>
                </label>
                <select {...form.register('boat_type', { setValueAs: choiceOrUnset })} {...describedBy('boat-type', message('boat_type'))}>
                  <option value="">{t`Choose…`}</option>
                  {BOAT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {boatTypeLabel(type)}
                    </option>
                  ))}
                </select>
                <FieldMessage id="boat-type" message={message('boat_type')} />
              </div>
            </div>
            <AccountField label={t`Make and model`} {...form.register('make_model')} message={message('make_model')} />
            <div className="form__row form__row--three">
              <AccountField label={t`Length (ft)`} type="number" {...form.register('length_feet', { setValueAs: orUnset })} message={message('length_feet')} />
              <AccountField label={t`Beam (ft)`} type="number" {...form.register('beam_feet', { setValueAs: orNull })} message={message('beam_feet')} />
              <AccountField label={t`Draft (ft)`} type="number" {...form.register('draft_feet', { setValueAs: orNull })} message={message('draft_feet')} />
            </div>
            <div className="form__row form__row--four">
              <AccountField label={t`Year built`} type="number" {...form.register('year', { setValueAs: orNull })} message={message('year')} />
              <AccountField label={t`Max crew`} type="number" {...form.register('capacity', { setValueAs: orUnset })} message={message('capacity')} />
              <AccountField label={t`Berths`} type="number" {...form.register('berths', { setValueAs: orNull })} message={message('berths')} />
              <AccountField label={t`Heads`} type="number" {...form.register('heads', { setValueAs: orNull })} message={message('heads')} />
            </div>
            <AccountField label={t`Home port`} {...form.register('home_port_name')} message={message('home_port_name')} />
            <div className="form__row">
              <AccountField label={t`Registration number`} {...form.register('registration_number')} message={message('registration_number')} />
              <div className="field">
                <label htmlFor="boat-country">
                  <Trans>Registration country</Trans>
                </label>
                <select id="boat-country" {...form.register('registration_country', { setValueAs: choiceOrNull })}>
                  <option value="">—</option>
                  {REGISTRATION_COUNTRIES.map((country) => (
                    <option key={country} value={country}>
                      {country === 'other' ? t`Other` : country}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className="field">
              <label htmlFor="boat-description">
                <Trans>Description</Trans>
              </label>
              <textarea rows={3} {...form.register('description')} {...describedBy('boat-description', message('description'))} />
              <FieldMessage id="boat-description" message={message('description')} />
            </div>
            {(Object.keys(BOAT_EQUIPMENT) as EquipmentGroup[]).map((group) => (
              <fieldset key={group} className="choice-grid">
                <legend>{equipmentGroupLabel(group)}</legend>
                {BOAT_EQUIPMENT[group].map((item) => (
                  <label key={item} className="checkbox">
                    <input type="checkbox" value={item} {...form.register(`equipment.${group}`)} />
                    {equipmentName(item)}
                  </label>
                ))}
              </fieldset>
            ))}
            <div className="field">
              <label htmlFor="boat-photo">
                <Trans>Photo (JPG, PNG, GIF or WebP, max 5 MB)</Trans>
              </label>
              <input id="boat-photo" type="file" accept="image/*" onChange={(event) => setPhoto(event.target.files?.[0] ?? null)} />
            </div>
            <label className="checkbox">
              <input type="checkbox" {...form.register('is_active')} />
              <Trans>Active (offered when I publish a voyage)</Trans>
            </label>
            <div className="actions">
              <button type="submit" className="button button--primary" disabled={save.isPending}>
                {save.isPending ? t`Saving...` : boat ? t`Update Boat` : t`Add Boat`}
              </button>
              <Dialog.Close asChild>
                <button type="button" className="button button--secondary">
                  <Trans>Cancel</Trans>
                </button>
              </Dialog.Close>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
