import type { AgreementTermsRequest } from '@crew/contracts';
import { AGREEMENT_LIMITS, CURRENCY_VALUES } from '@crew/contracts/constants';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import type { Contracts } from '../../../lib/contracts-loader';
import { fieldMessage, useContractForm } from '../../../lib/forms/use-contract-form';
import { agreementQueryOptions, useIssueAgreement } from '../../../api/trust';

type Terms = Required<Pick<AgreementTermsRequest, 'contribution_covers' | 'duties' | 'watch_system' | 'house_rules' | 'leaving_early' | 'insurance'>>;
type Field = keyof Terms;
type Currency = (typeof CURRENCY_VALUES)[number];

const FIELDS: readonly { name: Field; label: MessageDescriptor; hint?: MessageDescriptor; required?: true }[] = [
  { name: 'contribution_covers', label: msg`What the contribution covers`, hint: msg`Food, fuel, marina fees…` },
  { name: 'duties', label: msg`Duties`, required: true },
  { name: 'watch_system', label: msg`Watch system`, hint: msg`For example 3 hours on, 6 off` },
  { name: 'house_rules', label: msg`House rules` },
  { name: 'leaving_early', label: msg`Leaving early or being asked to leave`, hint: msg`Who pays the way home (repatriation)`, required: true },
  { name: 'insurance', label: msg`Insurance`, required: true },
];

/** Each text's limit, as the contract states it. */
const AGREEMENT_FIELD_MAX: Readonly<Record<Field, number>> = {
  contribution_covers: AGREEMENT_LIMITS.contributionCovers,
  duties: AGREEMENT_LIMITS.duties,
  watch_system: AGREEMENT_LIMITS.watchSystem,
  house_rules: AGREEMENT_LIMITS.houseRules,
  leaving_early: AGREEMENT_LIMITS.leavingEarly,
  insurance: AGREEMENT_LIMITS.insurance,
};

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
  const { t } = useLingui();
  const current = useQuery({ ...agreementQueryOptions(agreementId ?? ''), enabled: agreementId !== null });
  if (agreementId === null) return <AgreementTermsForm {...props} initial={{ amount: '', currency, terms: EMPTY_TERMS }} />;
  if (current.isPending) return <LoadingState label={t`Loading the current agreement…`} />;
  if (current.isError) {
    const reason = current.error.message;
    return <ErrorState message={t`Could not load the current agreement. ${reason}`} onRetry={() => void current.refetch()} />;
  }
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

/**
 * The contract's agreement terms, with the amount as its input holds it (text):
 * blank is no amount, anything else must be a number of 0 or more.
 */
const agreementFormSchema = (contracts: Contracts) => {
  const terms = contracts.agreementTermsSchema;
  return terms.extend({
    contribution_amount: contracts
      .safeText()
      .transform((value, context) => {
        if (value.trim() === '') return null;
        const amount = Number(value);
        if (!Number.isFinite(amount) || amount < 0) context.addIssue({ code: 'custom', message: translate`Enter an amount of 0 or more` });
        return amount;
      })
      .pipe(terms.shape.contribution_amount.unwrap()),
  });
};

function AgreementTermsForm({ voyageId, crewId, crewName, initial, onDone }: TermsFormProps) {
  const { t } = useLingui();
  const issue = useIssueAgreement(voyageId, crewId);
  const id = useId();
  // Each message follows its field after the first submit: it goes as soon as the field is right; the first still wrong takes the focus.
  const form = useContractForm(agreementFormSchema, { defaultValues: { contribution_amount: initial.amount, contribution_currency: initial.currency, ...initial.terms } });
  const [formError, setFormError] = useState<string | null>(null);
  const message = (name: Field | 'contribution_amount') => fieldMessage(form.formState.errors, name, issue.error);

  const issueIt = form.handleSubmit(async (terms) => {
    try {
      const agreement = await issue.mutateAsync(terms);
      const version = agreement.version;
      onDone(t`Agreement version ${version} issued to ${crewName}. They are asked to accept it.`);
    } catch (caught) {
      setFormError(caught instanceof ApiError ? caught.message : t`The agreement could not be issued. Please try again.`);
    }
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setFormError(null);
    issue.reset();
    void issueIt(event);
  };
  const amountError = message('contribution_amount');

  return (
    <form className="trust-form" onSubmit={submit} noValidate aria-label={t`Crew agreement for ${crewName}`}>
      <div className="trust-form__row">
        <div className="field">
          <label htmlFor={`${id}-amount`}>
            <Trans>Contribution amount (optional)</Trans>
          </label>
          <input
            id={`${id}-amount`}
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            {...form.register('contribution_amount')}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? `${id}-amount-error` : undefined}
          />
          {amountError && (
            <p id={`${id}-amount-error`} className="field__error" role="alert">
              {amountError}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-currency`}>
            <Trans>Currency</Trans>
          </label>
          <select id={`${id}-currency`} {...form.register('contribution_currency')}>
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
        const error = message(field.name);
        const describedBy = [field.hint ? `${fieldId}-hint` : null, error ? `${fieldId}-error` : null].filter(Boolean).join(' ') || undefined;
        return (
          <div className="field" key={field.name}>
            <label htmlFor={fieldId}>
              {t(field.label)}
              {field.required && (
                <>
                  {' '}
                  <Trans>(required)</Trans>
                </>
              )}
            </label>
            <textarea
              id={fieldId}
              rows={2}
              maxLength={AGREEMENT_FIELD_MAX[field.name]}
              required={field.required}
              {...form.register(field.name)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
            {field.hint && (
              <p id={`${fieldId}-hint`} className="field__hint">
                {t(field.hint)}
              </p>
            )}
            {error && (
              <p id={`${fieldId}-error`} className="field__error" role="alert">
                {error}
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
          {issue.isPending ? t`Issuing…` : t`Issue agreement`}
        </button>
      </div>
    </form>
  );
}
