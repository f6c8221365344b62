import { useId, type InputHTMLAttributes } from 'react';
import { PasswordToggle } from './PasswordToggle';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  readonly label: string;
  readonly value: string;
  readonly onValueChange: (value: string) => void;
  readonly error?: string | undefined;
  readonly hint?: string;
  /** Adds a Show/Hide toggle for passwords. */
  readonly revealable?: boolean;
}

/** A labelled input with its error announced to screen readers. */
export function TextField({ label, value, onValueChange, error, hint, revealable, type = 'text', ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const field = (shown: boolean) => (
    <input
      {...input}
      id={id}
      type={shown ? 'text' : type}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    />
  );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {revealable ? <PasswordToggle>{field}</PasswordToggle> : field(false)}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
