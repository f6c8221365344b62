import { Trans } from '@lingui/react/macro';
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: string;
  /** What will happen; read out as the dialog's description. */
  readonly children: ReactNode;
  readonly confirmLabel: string;
  /** Shown on the confirm button while the action runs ("Cancelling…"). */
  readonly pendingLabel: string;
  readonly cancelLabel?: string;
  readonly tone?: 'danger' | 'primary';
  readonly pending: boolean;
  /** The failure to show inside the dialog, or null. */
  readonly error: string | null;
  readonly onConfirm: () => void;
}

/**
 * The confirmation every destructive or decisive action asks for first:
 * a modal with a description, an error line and two buttons; Escape and the
 * cancel button close it without doing anything. An alert dialog, so screen
 * readers announce it as a decision to make.
 */
export function ConfirmDialog({ open, onOpenChange, title, children, confirmLabel, pendingLabel, cancelLabel, tone = 'primary', pending, error, onConfirm }: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content className="dialog dialog--narrow">
          <AlertDialog.Title>{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div>{children}</div>
          </AlertDialog.Description>
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          <div className="actions actions--end">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button button--secondary">
                {cancelLabel ?? <Trans>Cancel</Trans>}
              </button>
            </AlertDialog.Cancel>
            <button type="button" className={`button button--${tone}`} disabled={pending} onClick={onConfirm}>
              {pending ? pendingLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
