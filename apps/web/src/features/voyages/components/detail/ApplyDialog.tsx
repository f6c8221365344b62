import type { VoyageResponse } from '@crew/contracts';
import { APPLICATION_MESSAGE } from '@crew/rules';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../../lib/api-client';
import type { Contracts } from '../../../../lib/contracts-loader';
import { FieldMessage } from '../../../../lib/forms/FieldMessage';
import { describedBy, messageAt, useContractForm } from '../../../../lib/forms/use-contract-form';
import { ContactSupportStep } from '../../../../components/support/ContactSupportStep';
import { isAlreadyApplied, isSubscriptionRequired, useApplyToVoyage } from '../../../../api/voyage-applying';
import { segmentFrom, segmentTo, sortSegments } from '../../lib/segments';

/** The apply dialog's texts (the message's rules and texts are the API's own, see applyRequestSchema). */
export const APPLY_TEXT = {
  noLeg: 'Please choose at least one leg',
  failed: 'Failed to submit application. Please try again.',
  submitted: 'Application submitted successfully! The skipper will review your application.',
} as const;

/** The server's own `error` text when it sent one; the fallback for network trouble and bare failures. */
const failureText = (error: unknown): string => (error instanceof ApiError && error.status > 0 && error.code !== 'HTTP_ERROR' && error.message ? error.message : APPLY_TEXT.failed);

type Scope = 'whole' | 'legs';

/** The contract's application (the voyage is the dialog's own); choosing legs needs at least one. */
const applySchema = (contracts: Contracts, needsLeg: boolean) => {
  const request = contracts.applyRequestSchema.omit({ voyage_id: true });
  return request.extend({ segment_orders: request.shape.segment_orders.refine((orders) => !needsLeg || (orders?.length ?? 0) > 0, APPLY_TEXT.noLeg) });
};

/** What a crew member needs to know about a leg: how many berths it still has. */
export const berthsText = (open: number): string => (open === 0 ? 'no berth left' : `${open} ${open === 1 ? 'berth' : 'berths'} open`);

interface ApplyDialogProps {
  readonly voyage: VoyageResponse;
  readonly viewerId: string | null;
  readonly onClose: () => void;
  /** The application was made. */
  readonly onApplied: (message: string) => void;
  /** The server says the viewer had already applied: the panel shows that application instead. */
  readonly onAlreadyApplied: (message: string) => void;
}

/**
 * "Apply to join {title}": a message to the skipper (at least 10 characters
 * once trimmed) and, on a voyage of several legs, the whole voyage or chosen legs.
 */
export function ApplyDialog({ voyage, viewerId, onClose, onApplied, onAlreadyApplied }: ApplyDialogProps) {
  const ids = useId();
  const apply = useApplyToVoyage(voyage.id, viewerId);
  const legs = sortSegments(voyage.segments).map((segment, index) => ({
    order: segment.segment_order || index + 1,
    label: `Leg ${segment.segment_order || index + 1}: ${segmentFrom(segment)} → ${segmentTo(segment)}`,
    berthsOpen: segment.berths_open,
  }));
  const multiLeg = legs.length > 1;
  // A whole-voyage crew member takes a berth on every leg: the fullest leg decides.
  const wholeVoyageBerths = Math.min(...legs.map((leg) => leg.berthsOpen));
  const [scope, setScope] = useState<Scope>(multiLeg && wholeVoyageBerths === 0 ? 'legs' : 'whole');
  const choosingLegs = multiLeg && scope === 'legs';
  const form = useContractForm((contracts) => applySchema(contracts, choosingLegs), { defaultValues: { message: '', segment_orders: [] } });
  const { errors, isSubmitted } = form.formState;
  const message = form.watch('message');
  const chosen = new Set(form.watch('segment_orders'));
  const messageError = messageAt(errors, 'message');
  const legsError = choosingLegs ? messageAt(errors, 'segment_orders') : undefined;
  const refusalRef = useRef<HTMLDivElement>(null);
  const needsSubscription = isSubscriptionRequired(apply.error);

  // The refusal shows at the top of the dialog: bring it into view and move focus to it, wherever the member was.
  useEffect(() => {
    if (!needsSubscription || !refusalRef.current) return;
    refusalRef.current.scrollIntoView?.({ block: 'start' });
    refusalRef.current.focus();
  }, [needsSubscription, apply.error]);

  // Once submitted, the legs' message follows the choice (the message's follows its field).
  const toggleLeg = (order: number, checked: boolean) => {
    const next = legs.map((leg) => leg.order).filter((item) => (item === order ? checked : chosen.has(item)));
    form.setValue('segment_orders', next, { shouldValidate: isSubmitted });
  };
  const chooseScope = (next: Scope) => {
    setScope(next);
    if (isSubmitted) void form.trigger('segment_orders');
  };

  const submit = form.handleSubmit((request) => {
    if (apply.isPending) return;
    const segmentOrders = choosingLegs ? request.segment_orders : undefined;
    apply.mutate(segmentOrders ? { message: request.message, segment_orders: segmentOrders } : { message: request.message }, {
      onSuccess: () => onApplied(APPLY_TEXT.submitted),
      onError: (error) => {
        if (isAlreadyApplied(error)) onAlreadyApplied(failureText(error));
      },
    });
  });

  const messageId = `${ids}-message`;
  const counterId = `${ids}-counter`;
  const legsId = `${ids}-legs`;

  return (
    // Stays open while the application is being sent, so its outcome is always shown.
    <Dialog.Root open onOpenChange={(open) => !open && !apply.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog apply-dialog">
          <Dialog.Title>Apply to join {voyage.title}</Dialog.Title>
          <Dialog.Description className="muted">Tell the skipper about your sailing experience, what you can bring on board and why this voyage suits you.</Dialog.Description>
          {isSubscriptionRequired(apply.error) && (
            // Not a failure to retry: the same message and next step as the subscription page, first thing in the dialog.
            <div ref={refusalRef} tabIndex={-1} className="apply-dialog__subscription">
              <p className="form__error" role="alert">
                {apply.error.message}
              </p>
              {apply.error.body['next_step'] === 'contact_support' ? (
                <>
                  <ContactSupportStep />
                  <p>
                    <Link to="/subscription">See your subscription status</Link>
                  </p>
                </>
              ) : (
                <Link to="/subscription" className="button button--primary">
                  {apply.error.body['next_step'] === 'subscribe' ? 'Subscribe' : 'See subscription options'}
                </Link>
              )}
            </div>
          )}
          <form className="apply-dialog__form" noValidate onSubmit={(event) => void submit(event)}>
            <div className="field">
              <label htmlFor={messageId}>Message to the skipper</label>
              <textarea rows={6} maxLength={APPLICATION_MESSAGE.max} {...form.register('message')} {...describedBy(messageId, messageError, counterId)} />
              <p id={counterId} className="field__hint apply-dialog__counter">
                {message.length} / {APPLICATION_MESSAGE.max} characters
              </p>
              <FieldMessage id={messageId} message={messageError} />
            </div>

            {multiLeg && (
              <fieldset className="apply-dialog__scope" aria-describedby={legsError ? `${legsId}-error` : undefined}>
                <legend>Which part of the voyage?</legend>
                <label className="checkbox">
                  <input type="radio" name={`${ids}-scope`} value="whole" checked={scope === 'whole'} disabled={wholeVoyageBerths === 0} onChange={() => chooseScope('whole')} />
                  Whole voyage <span className="muted">({berthsText(wholeVoyageBerths)})</span>
                </label>
                <label className="checkbox">
                  <input type="radio" name={`${ids}-scope`} value="legs" checked={scope === 'legs'} onChange={() => chooseScope('legs')} />
                  Selected legs
                </label>
                {scope === 'legs' && (
                  <ul className="apply-dialog__legs">
                    {legs.map((leg) => (
                      <li key={leg.order}>
                        <label className="checkbox">
                          <input type="checkbox" checked={chosen.has(leg.order)} disabled={leg.berthsOpen === 0} onChange={(event) => toggleLeg(leg.order, event.target.checked)} />
                          {leg.label} <span className="muted">({berthsText(leg.berthsOpen)})</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
                <FieldMessage id={legsId} message={legsError} />
              </fieldset>
            )}

            {apply.isError && !needsSubscription && !isAlreadyApplied(apply.error) && (
              <p className="form__error" role="alert">
                {failureText(apply.error)}
              </p>
            )}
            <div className="actions actions--end">
              <Dialog.Close asChild>
                <button type="button" className="button button--secondary" disabled={apply.isPending}>
                  Cancel
                </button>
              </Dialog.Close>
              <button type="submit" className="button button--primary" disabled={apply.isPending}>
                {apply.isPending ? 'Submitting...' : 'Submit Application'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
