/** A control's message, under it, found by its aria-describedby (see describedBy). */
export function FieldMessage({ id, message }: { readonly id: string; readonly message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="field__error">
      {message}
    </p>
  );
}
