import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';

// The ticket form (and its validation) loads when the member asks for it.
const ContactSupportForm = lazy(() => import('./ContactSupportForm').then((m) => ({ default: m.ContactSupportForm })));

/**
 * The next step when a subscription is needed but card payments are not
 * configured: a support ticket (an administrator can give access). The form
 * opens in place, its subject filled in ("Access to apply for voyages", in the
 * member's language), so the member never meets a dead end.
 */
export function ContactSupportStep() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div className="actions">
        <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
          <Trans>Contact support</Trans>
        </button>
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <p className="muted">
          <Trans>Opening the support form…</Trans>
        </p>
      }
    >
      <ContactSupportForm subject={t`Access to apply for voyages`} />
    </Suspense>
  );
}
