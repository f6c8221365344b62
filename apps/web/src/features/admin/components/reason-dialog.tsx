import { Trans } from '@lingui/react/macro';
import { AlertDialog } from 'radix-ui';
import { useId, type FormEvent, type ReactNode } from 'react';
import type { Contracts } from '../../../lib/contracts-loader';
import { FieldMessage } from '../../../lib/forms/FieldMessage';
import { describedBy, fieldMessage, useContractForm, type FormSchema } from '../../../lib/forms/use-contract-form';

/** The text an action records: its label, its limit, and the contract schema of the request that carries it. */
export interface ReasonField {
  readonly name: string;
  readonly label: string;
  readonly maxLength: number;
  readonly rows: number;
  /** The request's schema, holding only this field (the form checks what the API would). */
  readonly schema: (contracts: Contracts) => FormSchema;
}

/**
 * An administrator's action on a member or a voyage, confirmed in a dialog
 * that says what it does, with the reason or note it records when it takes
 * one. The field's message comes from the action's contract schema after
 * the first submit and follows the text; the server's refusal of the last
 * attempt shows apart and goes at the next submit.
 */
export function ReasonDialog({
  title,
  description,
  field,
  confirmLabel,
  pendingLabel,
  danger,
  pending,
  error,
  failure,
  onAttempt,
  onConfirm,
  onClose,
}: {
  title: string;
  description: ReactNode;
  /** null: the action records nothing but the confirmation. */
  field: ReasonField | null;
  confirmLabel: string;
  pendingLabel: string;
  danger: boolean;
  pending: boolean;
  /** The last attempt's error (for the field the server may name), and how it reads. */
  error: Error | null;
  failure: (error: Error) => string;
  /** At each submit, valid or not: the last attempt's refusal goes (reset the mutation). */
  onAttempt: () => void;
  /** The text as the schema reads it (trimmed; null without a field). */
  onConfirm: (text: string | null) => void;
  onClose: () => void;
}) {
  const id = useId();
  const fieldId = `${id}-text`;
  // Only submitted through handleSubmit when there is a field: the schema is read then.
  const form = useContractForm((contracts) => (field as ReasonField).schema(contracts), { defaultValues: field ? { [field.name]: '' } : {} });
  const message = field ? fieldMessage(form.formState.errors, field.name, error) : undefined;
  const submit = (event: FormEvent) => {
    onAttempt();
    if (!field) {
      event.preventDefault();
      onConfirm(null);
      return;
    }
    void form.handleSubmit((values) => onConfirm(String(values[field.name] ?? '')))(event);
  };
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content className="dialog dialog--narrow">
          <AlertDialog.Title>{title}</AlertDialog.Title>
          <AlertDialog.Description>{description}</AlertDialog.Description>
          <form className="form" onSubmit={submit} noValidate>
            {field && (
              <div className="users-dialog-field">
                <label htmlFor={fieldId}>{field.label}</label>
                <textarea rows={field.rows} maxLength={field.maxLength} {...form.register(field.name)} {...describedBy(fieldId, message)} />
                <FieldMessage id={fieldId} message={message} />
              </div>
            )}
            {error && !message && (
              <p className="form__error" role="alert">
                {failure(error)}
              </p>
            )}
            <div className="actions actions--end">
              <AlertDialog.Cancel asChild>
                <button type="button" className="button button--secondary">
                  <Trans>Cancel</Trans>
                </button>
              </AlertDialog.Cancel>
              <button type="submit" className={`button ${danger ? 'button--danger' : 'button--primary'}`} disabled={pending}>
                {pending ? pendingLabel : confirmLabel}
              </button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
