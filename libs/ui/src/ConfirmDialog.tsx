import { type ReactNode, useRef } from 'react';
import { Button, type ButtonVariant } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What will happen, in a sentence or two. */
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** `danger` for what cannot be undone. */
  tone?: Extract<ButtonVariant, 'primary' | 'danger'>;
  /** The action runs: the confirm button spins, neither button can be pressed again. */
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "Are you sure?" before an action with consequences. Focus starts on the cancel button, so
 * an Enter pressed by habit does not confirm; Escape and the backdrop cancel unless pending.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  pending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      size="sm"
      title={title}
      description={description}
      initialFocusRef={cancelRef}
      onClose={pending ? undefined : onCancel}
      footer={
        <>
          <Button ref={cancelRef} variant="ghost" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
