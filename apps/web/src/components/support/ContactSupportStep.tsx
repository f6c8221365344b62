import { lazy, Suspense, useState } from 'react';

// The ticket form (and its validation) loads when the member asks for it.
const ContactSupportForm = lazy(() => import('./ContactSupportForm').then((m) => ({ default: m.ContactSupportForm })));

/** The subject a ticket about access starts with. */
export const ACCESS_TICKET_SUBJECT = 'Access to apply for voyages';

/**
 * The next step when a subscription is needed but card payments are not
 * configured: a support ticket (an administrator can give access). The form
 * opens in place, its subject filled in, so the member never meets a dead end.
 */
export function ContactSupportStep() {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div className="actions">
        <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
          Contact support
        </button>
      </div>
    );
  }
  return (
    <Suspense fallback={<p className="muted">Opening the support form…</p>}>
      <ContactSupportForm subject={ACCESS_TICKET_SUBJECT} />
    </Suspense>
  );
}
