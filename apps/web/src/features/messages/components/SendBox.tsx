import { MESSAGE_LIMITS } from '@crew/contracts/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type KeyboardEvent } from 'react';
import { formatNumber } from '../../../lib/format';
import { messageAt, useContractForm } from '../../../lib/forms/use-contract-form';

export interface SendBoxProps {
  /** Sends the trimmed text; resolves once sent (the box then empties), rejects with a message to show. */
  readonly onSend: (body: string) => Promise<void>;
  /** The box's label ("Write a message" when none is given). */
  readonly label?: string;
  readonly disabled?: boolean;
  readonly autoFocus?: boolean;
}

/**
 * The send box: Enter sends, Shift+Enter starts a new line. 1 to 2,000
 * characters after trimming (the contract's message schema, its messages);
 * what was typed stays when sending fails, with the reason.
 */
export function SendBox({ onSend, label, disabled = false, autoFocus = false }: SendBoxProps) {
  const { t } = useLingui();
  const id = useId();
  const form = useContractForm((contracts) => contracts.sendMessageRequestSchema, { defaultValues: { body: '' } });
  // Why the last send failed: shown until the next one.
  const [failure, setFailure] = useState<string | null>(null);
  const sending = form.formState.isSubmitting;
  const length = (form.watch('body') ?? '').trim().length;
  const tooLong = length > MESSAGE_LIMITS.bodyMax;
  const error = messageAt(form.formState.errors, 'body') ?? failure;
  const typed = formatNumber(length);
  const max = formatNumber(MESSAGE_LIMITS.bodyMax);

  const send = form.handleSubmit(async ({ body }) => {
    try {
      await onSend(body);
      form.reset();
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : t`Your message could not be sent. Please try again.`);
    }
  });
  const submit = (): void => {
    if (sending || disabled) return;
    setFailure(null);
    void send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      className="send-box"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <label htmlFor={`${id}-text`} className="send-box__label">
        {label ?? t`Write a message`}
      </label>
      <textarea
        id={`${id}-text`}
        className="send-box__text"
        rows={3}
        disabled={disabled}
        // Focus follows the user into the thread they opened.
        autoFocus={autoFocus}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        {...form.register('body')}
        onKeyDown={onKeyDown}
      />
      <div className="send-box__row">
        <span id={`${id}-hint`} className={`send-box__hint${tooLong ? ' send-box__hint--over' : ''}`}>
          <Trans>
            Enter sends, Shift+Enter adds a line. {typed}/{max}
          </Trans>
        </span>
        <button type="submit" className="button button--primary" disabled={disabled || sending}>
          {sending ? t`Sending…` : t`Send`}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
