import { useLingui } from '@lingui/react';
import { translateSharedText } from '@crew/rules';

/**
 * A control's message, under it, found by its aria-describedby (see
 * describedBy), in the page's language: a validation message of the shared
 * rules or the contracts is translated by its English words (the shared
 * catalogue); a server's refusal arrives already translated.
 */
export function FieldMessage({ id, message }: { readonly id: string; readonly message: string | undefined }) {
  const { i18n } = useLingui();
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="field__error">
      {translateSharedText(i18n, message)}
    </p>
  );
}
