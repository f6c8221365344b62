import { ADMIN_EMAIL } from '@crew/contracts/constants';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import { useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { useSendUserEmail } from '../../../api/admin-users';
import { useContractForm } from '../../../lib/forms/use-contract-form';

/** Blank subject or message: the form asks for both at once; any other refusal of a field reads as the contract words it. */
const missing = (): string => t`Please enter a subject and a message`;
const problemOf = (...errors: (FieldError | undefined)[]): string | undefined => {
  const found = errors.filter((error): error is FieldError => error !== undefined);
  if (found.length === 0) return undefined;
  return found.some((error) => error.type === 'too_small') ? missing() : (found[0]?.message ?? missing());
};

/**
 * An email from an administrator to a member (admin_contact), or to a
 * skipper about one of their voyages (admin_voyage_contact): a subject and
 * a message, checked on the contract's request schema. What is missing shows
 * after the first send and goes as soon as both are filled; a failed send
 * shows apart and goes at the next attempt.
 */
export function AdminEmailDialog({
  title,
  recipient,
  template,
  voyageId,
  initialSubject = '',
  onClose,
  onDone,
}: {
  title: string;
  recipient: { readonly id: string; readonly email: string };
  template: 'admin_contact' | 'admin_voyage_contact';
  voyageId?: string;
  initialSubject?: string;
  onClose: () => void;
  onDone: (message: string, ok: boolean) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const send = useSendUserEmail();
  const form = useContractForm((contracts) => contracts.adminSendEmailRequestSchema, {
    defaultValues: { template, subject: initialSubject, message: '', ...(voyageId ? { voyage_id: voyageId } : {}) },
  });
  const { errors } = form.formState;
  const problem = problemOf(errors.subject, errors.message, errors.voyage_id, errors.template);
  const invalid = (error: FieldError | undefined) => (error ? ({ 'aria-invalid': true, 'aria-describedby': `${id}-problem` } as const) : {});
  const submit = form.handleSubmit((request) =>
    send.mutate(
      { userId: recipient.id, request },
      {
        onSuccess: () => {
          const email = recipient.email;
          onDone(t`Email sent to ${email}`, true);
          onClose();
        },
      },
    ),
  );
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog dialog--narrow" aria-describedby={undefined}>
          <Dialog.Title>{title}</Dialog.Title>
          <form
            className="form"
            onSubmit={(event) => {
              // The last send's failure is about that attempt; a new attempt starts without it.
              send.reset();
              void submit(event);
            }}
            noValidate
          >
            {problem && (
              <p id={`${id}-problem`} className="form__error" role="alert">
                {problem}
              </p>
            )}
            {send.isError && (
              <p className="form__error" role="alert">
                <Trans>Failed to send email</Trans>
              </p>
            )}
            <div className="users-dialog-field">
              <label htmlFor={`${id}-subject`}>
                <Trans>Subject</Trans>
              </label>
              <input maxLength={ADMIN_EMAIL.subject.max} {...form.register('subject')} id={`${id}-subject`} {...invalid(errors.subject)} />
            </div>
            <div className="users-dialog-field">
              <label htmlFor={`${id}-message`}>
                <Trans>Message</Trans>
              </label>
              <textarea rows={6} maxLength={ADMIN_EMAIL.message.max} {...form.register('message')} id={`${id}-message`} {...invalid(errors.message)} />
            </div>
            <div className="actions actions--end">
              <Dialog.Close asChild>
                <button type="button" className="button button--secondary">
                  <Trans>Cancel</Trans>
                </button>
              </Dialog.Close>
              <button type="submit" className="button button--primary" disabled={send.isPending}>
                {send.isPending ? t`Sending…` : t`Send email`}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
