import { useId, type ComponentProps } from 'react';
import { FieldMessage } from '../../lib/forms/FieldMessage';
import { describedBy } from '../../lib/forms/use-contract-form';
import { PasswordToggle } from '../ui/PasswordToggle';

interface AccountFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  readonly label: string;
  /** The field's message (the form's, else the server's), shown under it and announced with it. */
  readonly message: string | undefined;
  readonly hint?: string;
  /** Adds a Show/Hide toggle for passwords. */
  readonly revealable?: boolean;
}

/**
 * A labelled input of an account form, registered with react-hook-form
 * (`{...form.register(name)}` passes its name, handlers and ref through), with
 * its hint and message tied to it for screen readers. The same markup as the
 * controlled TextField.
 */
export function AccountField({ label, message, hint, revealable, type = 'text', ...input }: AccountFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const field = (shown: boolean) => <input {...input} type={shown ? 'text' : type} {...describedBy(id, message, hintId)} />;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {revealable ? <PasswordToggle>{field}</PasswordToggle> : field(false)}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FieldMessage id={id} message={message} />
    </div>
  );
}
