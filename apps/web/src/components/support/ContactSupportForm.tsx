import { TICKET_PRIORITY_VALUES } from '@crew/contracts/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { serverFieldErrors } from '../../lib/form-errors';
import { messageAt, useContractForm } from '../../lib/forms/use-contract-form';
import { useSession } from '../../lib/session';
import { useOpenTicket } from '../../api/support-tickets';
import { PRIORITY_LABELS } from './ticket-labels';
import './support.css';

interface ContactSupportFormProps {
  /** A subject to start from, when the page knows what the member needs (they can change it). */
  readonly subject?: string;
}

type Field = 'title' | 'description';

/** The Help centre's "Contact support" form: opens a ticket the member follows on /support. */
export function ContactSupportForm({ subject = '' }: ContactSupportFormProps = {}) {
  const { t } = useLingui();
  const { user, token } = useSession();
  const open = useOpenTicket();
  const id = useId();
  const form = useContractForm((contracts) => contracts.openTicketRequestSchema, { defaultValues: { title: subject, description: '', priority: 'medium' } });
  const { errors } = form.formState;
  // The fields the server refused at the last submit: each shown until that field changes or the next submit.
  const [refused, setRefused] = useState<Partial<Record<Field, string>>>({});
  const [openedId, setOpenedId] = useState<string | null>(null);
  const message = (field: Field) => messageAt(errors, field) ?? refused[field];
  const changed = (field: Field) => () => setRefused(({ [field]: _changed, ...rest }) => rest);

  if (!token) {
    return (
      <p>
        <Trans>
          <Link to="/login">Log in</Link> to contact support and follow your ticket online.
        </Trans>
      </p>
    );
  }
  if (openedId) {
    return (
      <div className="contact-support__done" role="status">
        <p>
          <Trans>Thank you. Your ticket is open; our support team responds within 24 hours.</Trans>
        </p>
        <p>
          <Link to={`/support?ticket=${openedId}`}>
            <Trans>View your ticket</Trans>
          </Link>{' '}
          ·{' '}
          <button type="button" className="link-button" onClick={() => setOpenedId(null)}>
            <Trans>Contact support again</Trans>
          </button>
        </p>
      </div>
    );
  }

  const send = form.handleSubmit((ticket) =>
    open.mutate(ticket, {
      onSuccess: (answer) => {
        setOpenedId(answer.ticket.id);
        // The emptied form shows no messages when the member contacts support again.
        form.reset({ title: '', description: '', priority: 'medium' });
      },
      onError: (error) => setRefused(serverFieldErrors(error)),
    }),
  );
  const submit = (event: FormEvent) => {
    setRefused({});
    open.reset();
    void send(event);
  };

  const title = message('title');
  const description = message('description');
  const memberName = user ? `${user.first_name} ${user.last_name}` : null;
  return (
    <form className="contact-support" onSubmit={submit} noValidate aria-labelledby="contact-support-heading">
      <h3 id="contact-support-heading">
        <Trans>Contact support</Trans>
      </h3>
      <p className="contact-support__who">
        {memberName === null ? (
          <Trans>Signed in as you; we answer on your ticket and by email.</Trans>
        ) : (
          <Trans>Signed in as {memberName}; we answer on your ticket and by email.</Trans>
        )}
      </p>
      <div className="field">
        <label htmlFor={`${id}-title`}>
          <Trans>Subject</Trans>
        </label>
        <input
          id={`${id}-title`}
          {...form.register('title', { onChange: changed('title') })}
          aria-invalid={title ? true : undefined}
          aria-describedby={title ? `${id}-title-error` : undefined}
        />
        {title && (
          <p id={`${id}-title-error`} className="field__error" role="alert">
            {title}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>
          <Trans>How can we help?</Trans>
        </label>
        <textarea
          id={`${id}-description`}
          rows={5}
          {...form.register('description', { onChange: changed('description') })}
          aria-invalid={description ? true : undefined}
          aria-describedby={description ? `${id}-description-error` : undefined}
        />
        {description && (
          <p id={`${id}-description-error`} className="field__error" role="alert">
            {description}
          </p>
        )}
      </div>
      <label className="field">
        <span>
          <Trans>Priority</Trans>
        </span>
        <select {...form.register('priority')}>
          {TICKET_PRIORITY_VALUES.map((value) => (
            <option key={value} value={value}>
              {PRIORITY_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      {open.isError && (
        <p className="form__error" role="alert">
          {open.error.message}
        </p>
      )}
      <button type="submit" className="button" disabled={open.isPending}>
        {open.isPending ? t`Sending…` : t`Send to support`}
      </button>
    </form>
  );
}
