import type { AgreementTermsRequest } from '@crew/contracts';
import { CURRENCY_VALUES } from '@crew/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { useLiveErrors } from '../../../lib/use-live-errors';
import { agreementQueryOptions, useIssueAgreement } from '../../../api/trust';

type Terms = Required<Pick<AgreementTermsRequest, 'contribution_covers' | 'duties' | 'watch_system' | 'house_rules' | 'leaving_early' | 'insurance'>>;
type Field = keyof Terms;
type Currency = (typeof CURRENCY_VALUES)[number];

const FIELDS: readonly { name: Field; label: string; hint?: string; required?: true }[] = [
  { name: 'contribution_covers', label: 'What the contribution covers', hint: 'Food, fuel, marina fees…' },
  { name: 'duties', label: 'Duties', required: true },
  { name: 'watch_system', label: 'Watch system', hint: 'For example 3 hours on, 6 off' },
  { name: 'house_rules', label: 'House rules' },
  { name: 'leaving_early', label: 'Leaving early or being asked to leave', hint: 'Who pays the way home (repatriation)', required: true },
  { name: 'insurance', label: 'Insurance', required: true },
];

const EMPTY_TERMS: Terms = { contribution_covers: '', duties: '', watch_system: '', house_rules: '', leaving_early: '', insurance: '' };

interface AgreementFormProps {
  readonly voyageId: string;
  readonly crewId: string;
  readonly crewName: string;
  /** The agreement already issued to this crew member: a change starts from its latest terms. */
  readonly agreementId: string | null;
  /** The voyage's own currency, which a new agreement starts in. */
  readonly currency: Currency;
  readonly onDone: (message: string) => void;
}

const isCurrency = (value: string): value is Currency => (CURRENCY_VALUES as readonly string[]).includes(value);

/** The skipper's terms for one crew member; a change starts from the terms issued last and issues a new version, which the crew member accepts again. */
export function AgreementForm({ agreementId, currency, ...props }: AgreementFormProps) {
  const current = useQuery({ ...agreementQueryOptions(agreementId ?? ''), enabled: agreementId !== null });
  if (agreementId === null) return <AgreementTermsForm {...props} initial={{ amount: '', currency, terms: EMPTY_TERMS }} />;
  if (current.isPending) return <LoadingState label="Loading the current agreement…" />;
  if (current.isError) return <ErrorState message={`Could not load the current agreement. ${current.error.message}`} onRetry={() => void current.refetch()} />;
  const { terms } = current.data;
  return (
    <AgreementTermsForm
      {...props}
      initial={{
        amount: terms.contribution_amount === null ? '' : String(terms.contribution_amount),
        currency: isCurrency(terms.contribution_currency) ? terms.contribution_currency : currency,
        terms: {
          contribution_covers: terms.contribution_covers,
          duties: terms.duties,
          watch_system: terms.watch_system,
          house_rules: terms.house_rules,
          leaving_early: terms.leaving_early,
          insurance: terms.insurance,
        },
      }}
    />
  );
}

interface TermsFormProps extends Omit<AgreementFormProps, 'agreementId' | 'currency'> {
  readonly initial: { readonly amount: string; readonly currency: Currency; readonly terms: Terms };
}

function AgreementTermsForm({ voyageId, crewId, crewName, initial, onDone }: TermsFormProps) {
  const issue = useIssueAgreement(voyageId, crewId);
  const id = useId();
  const [amount, setAmount] = useState(initial.amount);
  const [currency, setCurrency] = useState<Currency>(initial.currency);
  const [terms, setTerms] = useState<Terms>(initial.terms);
  const [formError, setFormError] = useState<string | null>(null);
  const parsedAmount = amount.trim() === '' ? null : Number(amount);
  // Each message follows its field after the first submit: it goes as soon as the field is right.
  const { errors, submitted } = useLiveErrors(() => {
    const problems: Partial<Record<Field | 'amount', string>> = {};
    for (const field of FIELDS) if (field.required && !terms[field.name].trim()) problems[field.name] = `${field.label} must be filled in`;
    if (parsedAmount !== null && (!Number.isFinite(parsedAmount) || parsedAmount < 0)) problems.amount = 'Enter an amount of 0 or more';
    return problems;
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (!submitted()) {
      const form = event.currentTarget;
      // The first field in the form's order that is still wrong takes the focus.
      window.setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    try {
      const agreement = await issue.mutateAsync({ ...terms, contribution_amount: parsedAmount, contribution_currency: currency });
      onDone(`Agreement version ${agreement.version} issued to ${crewName}. They are asked to accept it.`);
    } catch (caught) {
      setFormError(caught instanceof ApiError ? caught.message : 'The agreement could not be issued. Please try again.');
    }
  };

  return (
    <form className="trust-form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Crew agreement for ${crewName}`}>
      <div className="trust-form__row">
        <div className="field">
          <label htmlFor={`${id}-amount`}>Contribution amount (optional)</label>
          <input id={`${id}-amount`} type="number" min={0} step="0.01" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} aria-invalid={errors.amount ? true : undefined} aria-describedby={errors.amount ? `${id}-amount-error` : undefined} />
          {errors.amount && (
            <p id={`${id}-amount-error`} className="field__error" role="alert">
              {errors.amount}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-currency`}>Currency</label>
          <select id={`${id}-currency`} value={currency} onChange={(event) => isCurrency(event.target.value) && setCurrency(event.target.value)}>
            {CURRENCY_VALUES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
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
      {formError && (
        <p className="form__error" role="alert">
          {formError}
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
