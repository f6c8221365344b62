import { MESSAGE_LIMITS } from '@crew/contracts/constants';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';

export interface SendBoxProps {
  /** Sends the trimmed text; resolves once sent (the box then empties), rejects with a message to show. */
  readonly onSend: (body: string) => Promise<void>;
  readonly label?: string;
  readonly disabled?: boolean;
  readonly autoFocus?: boolean;
}

/**
 * The send box: Enter sends, Shift+Enter starts a new line. 1 to 2,000
 * characters after trimming (the API's rule, from the contracts); what was
 * typed stays when sending fails, with the reason.
 */
export function SendBox({ onSend, label = 'Write a message', disabled = false, autoFocus = false }: SendBoxProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const length = text.trim().length;
  const tooLong = length > MESSAGE_LIMITS.bodyMax;

  const submit = async (): Promise<void> => {
    if (sending || disabled) return;
    if (length < MESSAGE_LIMITS.bodyMin) return setError('Write a message first.');
    if (tooLong) return setError(`A message can be at most ${MESSAGE_LIMITS.bodyMax.toLocaleString('en-US')} characters.`);
    setSending(true);
    setError(null);
    try {
      await onSend(text.trim());
      setText('');
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Your message could not be sent. Please try again.');
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="send-box"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`${id}-text`} className="send-box__label">
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        className="send-box__text"
        value={text}
        rows={3}
        disabled={disabled}
        // Focus follows the user into the thread they opened.
        autoFocus={autoFocus}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="send-box__row">
        <span id={`${id}-hint`} className={`send-box__hint${tooLong ? ' send-box__hint--over' : ''}`}>
          Enter sends, Shift+Enter adds a line. {length.toLocaleString('en-US')}/{MESSAGE_LIMITS.bodyMax.toLocaleString('en-US')}
        </span>
        <button type="submit" className="button button--primary" disabled={disabled || sending}>
          {sending ? 'Sending…' : 'Send'}
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
