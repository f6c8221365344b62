import type { VoyageResponse } from '@crew/contracts';
import { APPLICATION_MESSAGE } from '@crew/rules';
import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

/** The server's own `error` text when it sent one; the fallback for network trouble and bare failures. */
const failureText = (error: unknown): string =>
  error instanceof ApiError && error.status > 0 && error.code !== 'HTTP_ERROR' && error.message ? error.message : t`Failed to submit application. Please try again.`;

type Scope = 'whole' | 'legs';

/** The contract's application (the voyage is the dialog's own); choosing legs needs at least one. */
const applySchema = (contracts: Contracts, needsLeg: boolean) => {
  const request = contracts.applyRequestSchema.omit({ voyage_id: true });
  return request.extend({ segment_orders: request.shape.segment_orders.refine((orders) => !needsLeg || (orders?.length ?? 0) > 0, t`Please choose at least one leg`) });
};

/** What a crew member needs to know about a leg: how many berths it still has. */
export const berthsText = (open: number): string => (open === 0 ? t`no berth left` : plural(open, { one: '# berth open', other: '# berths open' }));

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
  const { t: translate } = useLingui();
  const ids = useId();
  const apply = useApplyToVoyage(voyage.id, viewerId);
  const legs = sortSegments(voyage.segments).map((segment, index) => {
    const order = segment.segment_order || index + 1;
    const departure = segmentFrom(segment);
    const arrival = segmentTo(segment);
    return { order, label: translate`Leg ${order}: ${departure} → ${arrival}`, berthsOpen: segment.berths_open };
  });
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
      onSuccess: () => onApplied(translate`Application submitted successfully! The skipper will review your application.`),
      onError: (error) => {
        if (isAlreadyApplied(error)) onAlreadyApplied(failureText(error));
      },
    });
  });

  const messageId = `${ids}-message`;
  const counterId = `${ids}-counter`;
  const legsId = `${ids}-legs`;
  const title = voyage.title;
  const typed = message.length;
  const limit = APPLICATION_MESSAGE.max;

  return (
    // Stays open while the application is being sent, so its outcome is always shown.
    <Dialog.Root open onOpenChange={(open) => !open && !apply.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog apply-dialog">
          <Dialog.Title>
            <Trans>Apply to join {title}</Trans>
          </Dialog.Title>
          <Dialog.Description className="muted">
            <Trans>Tell the skipper about your sailing experience, what you can bring on board and why this voyage suits you.</Trans>
          </Dialog.Description>
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
                    <Link to="/subscription">
                      <Trans>See your subscription status</Trans>
                    </Link>
                  </p>
                </>
              ) : (
                <Link to="/subscription" className="button button--primary">
                  {apply.error.body['next_step'] === 'subscribe' ? translate`Subscribe` : translate`See subscription options`}
                </Link>
              )}
            </div>
          )}
          <form className="apply-dialog__form" noValidate onSubmit={(event) => void submit(event)}>
            <div className="field">
              <label htmlFor={messageId}>
                <Trans>Message to the skipper</Trans>
              </label>
              <textarea rows={6} maxLength={APPLICATION_MESSAGE.max} {...form.register('message')} {...describedBy(messageId, messageError, counterId)} />
              <p id={counterId} className="field__hint apply-dialog__counter">
                <Trans>
                  {typed} / {limit} characters
                </Trans>
              </p>
              <FieldMessage id={messageId} message={messageError} />
            </div>

            {multiLeg && (
              <fieldset className="apply-dialog__scope" aria-describedby={legsError ? `${legsId}-error` : undefined}>
                <legend>
                  <Trans>Which part of the voyage?</Trans>
                </legend>
                <label className="checkbox">
                  <input type="radio" name={`${ids}-scope`} value="whole" checked={scope === 'whole'} disabled={wholeVoyageBerths === 0} onChange={() => chooseScope('whole')} />
                  <Trans>Whole voyage</Trans> <span className="muted">({berthsText(wholeVoyageBerths)})</span>
                </label>
                <label className="checkbox">
                  <input type="radio" name={`${ids}-scope`} value="legs" checked={scope === 'legs'} onChange={() => chooseScope('legs')} />
                  <Trans>Selected legs</Trans>
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
                  <Trans>Cancel</Trans>
                </button>
              </Dialog.Close>
              <button type="submit" className="button button--primary" disabled={apply.isPending}>
                {apply.isPending ? translate`Submitting...` : translate`Submit Application`}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
