import { openTicketRequestSchema, TICKET_PRIORITY_VALUES, type TicketPriorityValue } from '@crew/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorsOf, serverFieldErrors } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { useLiveErrors } from '../../lib/use-live-errors';
import { useOpenTicket } from '../../api/support-tickets';
import { PRIORITY_LABELS } from './ticket-labels';
import './support.css';

interface ContactSupportFormProps {
  /** A subject to start from, when the page knows what the member needs (they can change it). */
  readonly subject?: string;
}

/** The Help centre's "Contact support" form: opens a ticket the member follows on /support. */
export function ContactSupportForm({ subject = '' }: ContactSupportFormProps = {}) {
  const { user, token } = useSession();
  const open = useOpenTicket();
  const id = useId();
  const [title, setTitle] = useState(subject);
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<TicketPriorityValue>('medium');
  // The server's refusal, and the fields it named: each shown until the next submit, a named field's also until it changes.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [openedId, setOpenedId] = useState<string | null>(null);
  // The schema is a static import (the Help centre loads this whole form lazily), so it can check the values on every render.
  const parse = () => openTicketRequestSchema.safeParse({ title, description, priority });
  const live = useLiveErrors(() => errorsOf(parse()));
  const errors: Record<string, string | undefined> = { ...serverErrors, ...live.errors };
  const edit = (field: 'title' | 'description', setValue: (value: string) => void, value: string) => {
    setValue(value);
    setServerErrors(({ [field]: _changed, ...rest }) => rest);
  };

  if (!token) {
    return (
      <p>
        <Link to="/login">Log in</Link> to contact support and follow your ticket online.
      </p>
    );
  }
  if (openedId) {
    return (
      <div className="contact-support__done" role="status">
        <p>Thank you. Your ticket is open; our support team responds within 24 hours.</p>
        <p>
          <Link to={`/support?ticket=${openedId}`}>View your ticket</Link> ·{' '}
          <button type="button" className="link-button" onClick={() => setOpenedId(null)}>
            Contact support again
          </button>
        </p>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerErrors({});
    const parsed = parse();
    if (!live.submitted() || !parsed.success) return;
    open.mutate(parsed.data, {
      onSuccess: (answer) => {
        setOpenedId(answer.ticket.id);
        setTitle('');
        setDescription('');
        setPriority('medium');
        // The emptied form shows no errors when the member contacts support again.
        live.reset();
      },
      onError: (error) => setServerErrors({ form: error.message, ...serverFieldErrors(error) }),
    });
  };

  return (
    <form className="contact-support" onSubmit={submit} noValidate aria-labelledby="contact-support-heading">
      <h3 id="contact-support-heading">Contact support</h3>
      <p className="contact-support__who">Signed in as {user ? `${user.first_name} ${user.last_name}` : 'you'}; we answer on your ticket and by email.</p>
      <div className="field">
        <label htmlFor={`${id}-title`}>Subject</label>
        <input id={`${id}-title`} value={title} onChange={(e) => edit('title', setTitle, e.target.value)} aria-invalid={errors['title'] ? true : undefined} aria-describedby={errors['title'] ? `${id}-title-error` : undefined} />
        {errors['title'] && (
          <p id={`${id}-title-error`} className="field__error" role="alert">
            {errors['title']}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>How can we help?</label>
        <textarea
          id={`${id}-description`}
          rows={5}
          value={description}
          onChange={(e) => edit('description', setDescription, e.target.value)}
          aria-invalid={errors['description'] ? true : undefined}
          aria-describedby={errors['description'] ? `${id}-description-error` : undefined}
        />
        {errors['description'] && (
          <p id={`${id}-description-error`} className="field__error" role="alert">
            {errors['description']}
          </p>
        )}
      </div>
      <label className="field">
        <span>Priority</span>
        <select value={priority} onChange={(e) => setPriority(e.target.value as TicketPriorityValue)}>
          {TICKET_PRIORITY_VALUES.map((value) => (
            <option key={value} value={value}>
              {PRIORITY_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      {errors['form'] && (
        <p className="form__error" role="alert">
          {errors['form']}
        </p>
      )}
      <button type="submit" className="button" disabled={open.isPending}>
        {open.isPending ? 'Sending…' : 'Send to support'}
      </button>
    </form>
  );
}
