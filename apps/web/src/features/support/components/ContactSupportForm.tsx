import { openTicketRequestSchema, TICKET_PRIORITY_VALUES, type TicketPriorityValue } from '@crew/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { fieldErrors, serverFieldErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session';
import { useOpenTicket } from '../api/tickets';
import { PRIORITY_LABELS } from './ticket-labels';
import '../support.css';

/** The Help centre's "Contact support" form: opens a ticket the member follows on /support. */
export function ContactSupportForm() {
  const { user, token } = useSession();
  const open = useOpenTicket();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<TicketPriorityValue>('medium');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [openedId, setOpenedId] = useState<string | null>(null);

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
    const parsed = openTicketRequestSchema.safeParse({ title, description, priority });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    open.mutate(parsed.data, {
      onSuccess: (answer) => {
        setOpenedId(answer.ticket.id);
        setTitle('');
        setDescription('');
        setPriority('medium');
      },
      onError: (error) => setErrors({ form: error.message, ...serverFieldErrors(error) }),
    });
  };

  return (
    <form className="contact-support" onSubmit={submit} noValidate aria-labelledby="contact-support-heading">
      <h3 id="contact-support-heading">Contact support</h3>
      <p className="contact-support__who">Signed in as {user ? `${user.first_name} ${user.last_name}` : 'you'}; we answer on your ticket and by email.</p>
      <label className="field">
        <span>Subject</span>
        <input value={title} onChange={(e) => setTitle(e.target.value)} aria-invalid={errors['title'] ? true : undefined} aria-describedby="ticket-title-error" />
        {errors['title'] && (
          <span id="ticket-title-error" className="field__error">
            {errors['title']}
          </span>
        )}
      </label>
      <label className="field">
        <span>How can we help?</span>
        <textarea rows={5} value={description} onChange={(e) => setDescription(e.target.value)} aria-invalid={errors['description'] ? true : undefined} aria-describedby="ticket-description-error" />
        {errors['description'] && (
          <span id="ticket-description-error" className="field__error">
            {errors['description']}
          </span>
        )}
      </label>
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
