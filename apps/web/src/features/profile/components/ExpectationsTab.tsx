import { EXPECTATION_DETAILS_MAX } from '@crew/contracts/constants';
import { CREW_EXPECTATION_GROUPS, type CrewExpectations, type UserResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useUpdateCrewExpectations } from '../../../api/profile';
import { expectationGroupLabel, expectationLabel, expectationLevelLabel, type ExpectationLevel as Level } from '../lib/labels';
import { SaveStatus } from './SaveStatus';

type Group = keyof typeof CREW_EXPECTATION_GROUPS;
type Item = { level: Level; details: string };
const LEVELS: readonly Level[] = ['essential', 'preferred', 'welcome'];
const EMPTY: CrewExpectations = { watch_system: {}, maintenance: {}, galley: {}, experience: {}, financial: {}, personal: {} };

export function ExpectationsTab({ user, onSaved }: { user: UserResponse; onSaved: () => void }) {
  const { t } = useLingui();
  const update = useUpdateCrewExpectations();
  const [expectations, setExpectations] = useState<CrewExpectations>(user.crew_expectations ?? EMPTY);
  const [saved, setSaved] = useState<string | null>(null);

  const itemOf = (group: Group, code: string): Item => (expectations[group] as Record<string, Item | undefined>)[code] ?? { level: 'welcome', details: '' };
  const setItem = (group: Group, code: string, change: Partial<Item>) =>
    setExpectations((current) => ({ ...current, [group]: { ...current[group], [code]: { ...itemOf(group, code), ...change } } }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    update.mutate(expectations, {
      onSuccess: () => {
        setSaved(t`Crew expectations updated!`);
        onSaved();
      },
    });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p>
        <Trans>Tell crew what you expect on board. Anything left at “Welcome” you are happy to teach.</Trans>
      </p>
      <SaveStatus success={saved} error={update.error} failure={(reason) => t`Failed to update expectations: ${reason}`} />
      {(Object.keys(CREW_EXPECTATION_GROUPS) as Group[]).map((group) => (
        <fieldset key={group} className="expectations">
          <legend>{expectationGroupLabel(group)}</legend>
          {CREW_EXPECTATION_GROUPS[group].map((code) => {
            const item = itemOf(group, code);
            const name = expectationLabel(code);
            return (
              <div key={code} className="expectation">
                <label htmlFor={`${group}-${code}`}>{name}</label>
                <select id={`${group}-${code}`} value={item.level} onChange={(event) => setItem(group, code, { level: event.target.value as Level })}>
                  {LEVELS.map((level) => (
                    <option key={level} value={level}>
                      {expectationLevelLabel(level)}
                    </option>
                  ))}
                </select>
                <input
                  aria-label={t`${name} details`}
                  placeholder={t`Details (optional)`}
                  value={item.details}
                  maxLength={EXPECTATION_DETAILS_MAX}
                  onChange={(event) => setItem(group, code, { details: event.target.value })}
                />
              </div>
            );
          })}
        </fieldset>
      ))}
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        {update.isPending ? t`Saving...` : t`Save Expectations`}
      </button>
    </form>
  );
}
