import type { AgreementTermsRequest } from '@crew/contracts';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useIssueAgreement } from '../api/trust';

type Terms = Required<Pick<AgreementTermsRequest, 'contribution_covers' | 'duties' | 'watch_system' | 'house_rules' | 'leaving_early' | 'insurance'>>;
type Field = keyof Terms;

const FIELDS: readonly { name: Field; label: string; hint?: string; required?: true }[] = [
  { name: 'contribution_covers', label: 'What the contribution covers', hint: 'Food, fuel, marina fees…' },
  { name: 'duties', label: 'Duties', required: true },
  { name: 'watch_system', label: 'Watch system', hint: 'For example 3 hours on, 6 off' },
  { name: 'house_rules', label: 'House rules' },
  { name: 'leaving_early', label: 'Leaving early or being asked to leave', hint: 'Who pays the way home (repatriation)', required: true },
  { name: 'insurance', label: 'Insurance', required: true },
];

/** The skipper's terms for one crew member; saving a change issues a new version, which the crew member accepts again. */
export function AgreementForm({ voyageId, crewId, crewName, onDone }: { voyageId: string; crewId: string; crewName: string; onDone: (message: string) => void }) {
  const issue = useIssueAgreement(voyageId, crewId);
  const id = useId();
  const [amount, setAmount] = useState('');
  const [terms, setTerms] = useState<Terms>({ contribution_covers: '', duties: '', watch_system: '', house_rules: '', leaving_early: '', insurance: '' });
  const [errors, setErrors] = useState<Partial<Record<Field | 'amount' | 'form', string>>>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: typeof errors = {};
    for (const field of FIELDS) if (field.required && !terms[field.name].trim()) problems[field.name] = `${field.label} must be filled in`;
    const value = amount.trim() === '' ? null : Number(amount);
    if (value !== null && (!Number.isFinite(value) || value < 0)) problems.amount = 'Enter an amount of 0 or more';
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first}`)}`)?.focus();
      return;
    }
    try {
      const agreement = await issue.mutateAsync({ ...terms, contribution_amount: value });
      onDone(`Agreement version ${agreement.version} issued to ${crewName}. They are asked to accept it.`);
    } catch (caught) {
      setErrors({ form: caught instanceof ApiError ? caught.message : 'The agreement could not be issued. Please try again.' });
    }
  };

  return (
    <form className="trust-form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Crew agreement for ${crewName}`}>
      <div className="field">
        <label htmlFor={`${id}-amount`}>Contribution amount (GBP, optional)</label>
        <input id={`${id}-amount`} type="number" min={0} step="0.01" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} aria-invalid={errors.amount ? true : undefined} aria-describedby={errors.amount ? `${id}-amount-error` : undefined} />
        {errors.amount && (
          <p id={`${id}-amount-error`} className="field__error" role="alert">
            {errors.amount}
          </p>
        )}
      </div>
      {FIELDS.map((field) => {
        const fieldId = `${id}-${field.name}`;
        const describedBy = [field.hint ? `${fieldId}-hint` : null, errors[field.name] ? `${fieldId}-error` : null].filter(Boolean).join(' ') || undefined;
        return (
          <div className="field" key={field.name}>
            <label htmlFor={fieldId}>
              {field.label}
              {field.required ? ' (required)' : ''}
            </label>
            <textarea
              id={fieldId}
              rows={2}
              value={terms[field.name]}
              required={field.required}
              onChange={(event) => setTerms((current) => ({ ...current, [field.name]: event.target.value }))}
              aria-invalid={errors[field.name] ? true : undefined}
              aria-describedby={describedBy}
            />
            {field.hint && (
              <p id={`${fieldId}-hint`} className="field__hint">
                {field.hint}
              </p>
            )}
            {errors[field.name] && (
              <p id={`${fieldId}-error`} className="field__error" role="alert">
                {errors[field.name]}
              </p>
            )}
          </div>
        );
      })}
      {errors.form && (
        <p className="form__error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={issue.isPending}>
          {issue.isPending ? 'Issuing…' : 'Issue agreement'}
        </button>
      </div>
    </form>
  );
}
