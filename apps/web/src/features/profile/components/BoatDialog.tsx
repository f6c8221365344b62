import { BOAT_EQUIPMENT, BOAT_TYPES, REGISTRATION_COUNTRIES, boatRequestSchema, equipmentLabel, type BoatResponse } from '@crew/contracts';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/TextField';
import { errorsOf } from '../../../lib/form-errors';
import { useLiveErrors } from '../../../lib/use-live-errors';
import { useSaveBoat } from '../../../api/boats';

const label = (code: string) => code.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
const GROUP_LABELS = { safety: 'Safety', navigation: 'Navigation', comfort: 'Comfort' } as const;
const num = (value: string): number | null => (value.trim() === '' ? null : Number(value));
type Equipment = { safety: string[]; navigation: string[]; comfort: string[] };

const initialForm = (boat: BoatResponse | null) => ({
  name: boat?.name ?? '',
  boat_type: boat?.boat_type ?? '',
  make_model: boat?.make_model ?? '',
  length_feet: boat ? String(boat.length_feet) : '',
  year: boat?.year_built ? String(boat.year_built) : '',
  capacity: String(boat?.max_crew ?? 6),
  beam_feet: boat?.beam_feet ? String(boat.beam_feet) : '',
  draft_feet: boat?.draft_feet ? String(boat.draft_feet) : '',
  berths: boat?.berths ? String(boat.berths) : '',
  heads: boat?.heads ? String(boat.heads) : '',
  home_port_name: boat?.home_port_name ?? '',
  registration_number: boat?.registration_number ?? '',
  registration_country: boat?.registration_country ?? '',
  description: boat?.description ?? '',
});

/** Add or edit a boat with its equipment and photo. */
export function BoatDialog({ boat, onClose, onSaved }: { boat: BoatResponse | null; onClose: () => void; onSaved: (message: string) => void }) {
  const save = useSaveBoat();
  const [form, setForm] = useState(() => initialForm(boat));
  const [equipment, setEquipment] = useState<Equipment>(boat?.equipment ?? { safety: [], navigation: [], comfort: [] });
  const [isActive, setIsActive] = useState(boat?.is_active ?? true);
  const [photo, setPhoto] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const parse = () =>
    boatRequestSchema.safeParse({
      ...form,
      boat_type: form.boat_type || undefined,
      length_feet: num(form.length_feet) ?? undefined,
      year: num(form.year),
      capacity: num(form.capacity) ?? 6,
      beam_feet: num(form.beam_feet),
      draft_feet: num(form.draft_feet),
      berths: num(form.berths),
      heads: num(form.heads),
      registration_country: form.registration_country || null,
      is_active: isActive,
      equipment,
    });
  const { errors, submitted } = useLiveErrors(() => errorsOf(parse()));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = parse();
    if (!submitted() || !parsed.success) return;
    save.mutate(
      { id: boat?.id ?? null, body: parsed.data, photo },
      {
        onSuccess: (outcome) => (outcome.kind === 'saved' ? onSaved(outcome.message) : setFailure(outcome.message)),
        onError: (error) => setFailure(`Failed to save boat: ${error.message}`),
      },
    );
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog boat-dialog" aria-describedby={undefined}>
          <Dialog.Title>{boat ? `Edit ${boat.name}` : 'Add a boat'}</Dialog.Title>
          <form className="form" onSubmit={onSubmit} noValidate>
            {failure && (
              <p className="form__error" role="alert">
                {failure}
              </p>
            )}
            <div className="form__row">
              <TextField label="Boat name" value={form.name} onValueChange={set('name')} error={errors['name']} />
              <div className="field">
                <label htmlFor="boat-type">Boat type</label>
                <select
                  id="boat-type"
                  value={form.boat_type}
                  onChange={(event) => set('boat_type')(event.target.value)}
                  aria-invalid={errors['boat_type'] ? true : undefined}
                  aria-describedby={errors['boat_type'] ? 'boat-type-error' : undefined}
                >
                  <option value="">Choose…</option>
                  {BOAT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {label(type)}
                    </option>
                  ))}
                </select>
                {errors['boat_type'] && (
                  <p id="boat-type-error" className="field__error">
                    {errors['boat_type']}
                  </p>
                )}
              </div>
            </div>
            <TextField label="Make and model" value={form.make_model} onValueChange={set('make_model')} />
            <div className="form__row form__row--three">
              <TextField label="Length (ft)" type="number" value={form.length_feet} onValueChange={set('length_feet')} error={errors['length_feet']} />
              <TextField label="Beam (ft)" type="number" value={form.beam_feet} onValueChange={set('beam_feet')} error={errors['beam_feet']} />
              <TextField label="Draft (ft)" type="number" value={form.draft_feet} onValueChange={set('draft_feet')} error={errors['draft_feet']} />
            </div>
            <div className="form__row form__row--four">
              <TextField label="Year built" type="number" value={form.year} onValueChange={set('year')} error={errors['year']} />
              <TextField label="Max crew" type="number" value={form.capacity} onValueChange={set('capacity')} error={errors['capacity']} />
              <TextField label="Berths" type="number" value={form.berths} onValueChange={set('berths')} error={errors['berths']} />
              <TextField label="Heads" type="number" value={form.heads} onValueChange={set('heads')} error={errors['heads']} />
            </div>
            <TextField label="Home port" value={form.home_port_name} onValueChange={set('home_port_name')} />
            <div className="form__row">
              <TextField label="Registration number" value={form.registration_number} onValueChange={set('registration_number')} />
              <div className="field">
                <label htmlFor="boat-country">Registration country</label>
                <select id="boat-country" value={form.registration_country} onChange={(event) => set('registration_country')(event.target.value)}>
                  <option value="">—</option>
                  {REGISTRATION_COUNTRIES.map((country) => (
                    <option key={country} value={country}>
                      {country === 'other' ? 'Other' : country}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className="field">
              <label htmlFor="boat-description">Description</label>
              <textarea id="boat-description" rows={3} value={form.description} onChange={(event) => set('description')(event.target.value)} />
            </div>
            {(Object.keys(BOAT_EQUIPMENT) as (keyof Equipment)[]).map((group) => (
              <fieldset key={group} className="choice-grid">
                <legend>{GROUP_LABELS[group]} equipment</legend>
                {BOAT_EQUIPMENT[group].map((item) => (
                  <label key={item} className="checkbox">
                    <input
                      type="checkbox"
                      checked={equipment[group].includes(item)}
                      onChange={() =>
                        setEquipment((current) => ({
                          ...current,
                          [group]: current[group].includes(item) ? current[group].filter((x) => x !== item) : [...current[group], item],
                        }))
                      }
                    />
                    {equipmentLabel(item)}
                  </label>
                ))}
              </fieldset>
            ))}
            <div className="field">
              <label htmlFor="boat-photo">Photo (JPG, PNG, GIF or WebP, max 5 MB)</label>
              <input id="boat-photo" type="file" accept="image/*" onChange={(event) => setPhoto(event.target.files?.[0] ?? null)} />
            </div>
            <label className="checkbox">
              <input type="checkbox" checked={isActive} onChange={(event) => setIsActive(event.target.checked)} />
              Active (offered when I publish a voyage)
            </label>
            <div className="actions">
              <button type="submit" className="button button--primary" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : boat ? 'Update Boat' : 'Add Boat'}
              </button>
              <Dialog.Close asChild>
                <button type="button" className="button button--secondary">
                  Cancel
                </button>
              </Dialog.Close>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
