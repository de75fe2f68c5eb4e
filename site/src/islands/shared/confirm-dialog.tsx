// The one "are you sure?" dialog of the islands (a Radix AlertDialog, so focus is trapped and
// Escape keeps things as they were): a title, what will happen, a button that keeps things as
// they are and one that goes ahead, busy while the request runs. The caller owns `open`, so it
// can close the dialog when its request has settled.
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The control that opens the dialog; none when the caller opens it itself. */
  trigger?: ReactNode;
  title: ReactNode;
  /** What going ahead does, read out as the dialog's description. */
  description: ReactNode;
  /** More to say below the description. */
  children?: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  /** Red for what cannot be undone; the accent colour otherwise. */
  confirmColor?: 'red';
  /** The confirm button's high-contrast variant (the customer's cancel buttons use it). */
  highContrast?: boolean;
  busy: boolean;
  onConfirm: () => void;
  maxWidth?: string;
  /**
   * Where focus goes once the dialog has gone. Radix returns it to the trigger; when the
   * trigger has left the page with what it acted on, the caller calls `preventDefault()` and
   * focuses something that stays. Doing it here, not in a timer, cannot lose the race with
   * Radix's own return of focus.
   */
  onCloseAutoFocus?: (event: Event) => void;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  keepLabel,
  confirmLabel,
  confirmColor,
  highContrast,
  busy,
  onConfirm,
  maxWidth = '460px',
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Content maxWidth={maxWidth} {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}>
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        {children}
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {keepLabel}
            </Button>
          </AlertDialog.Cancel>
          <Button
            color={confirmColor}
            highContrast={highContrast}
            loading={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
