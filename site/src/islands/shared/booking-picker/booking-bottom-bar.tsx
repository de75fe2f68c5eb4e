// The booking basket's fixed bottom bar and slide-up sheet for screens below 768 px (a Radix
// Dialog, so focus is trapped and Escape closes it). Loaded by ./booking-basket.tsx after the
// first pick, so the dialog code is not part of the page's first download; what it lists is
// ./basket-contents.tsx, as the side panel's is.
import * as Dialog from '@radix-ui/react-dialog';
import { formatPounds } from '@tuition/domain';
import { useState } from 'react';
import {
  BasketLines,
  type BasketProps,
  Note,
  SubmitButton,
  sessionsWord,
  shownTotalPence,
} from './basket-contents.tsx';

/** The fixed bar and slide-up sheet of narrow screens. */
export function BookingBottomBar(props: BasketProps & { container?: HTMLElement | null }) {
  const [open, setOpen] = useState(false);
  const { selection, totals, mode, container } = props;
  // Two modal dialogs would fight over focus: the login dialog replaces the sheet.
  const submitFromSheet = () => {
    if (props.signedOut) setOpen(false);
    props.onSubmit();
  };
  if (selection.length === 0 && !open) return null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <div className="booking-bar">
        <p className="booking-bar__summary">
          <span>{sessionsWord(totals.sessionCount)}</span>
          <span className="booking-bar__total">{formatPounds(shownTotalPence(props))}</span>
        </p>
        <Dialog.Trigger asChild>
          <button type="button" className="btn booking-bar__open">
            {mode === 'reschedule' ? 'Review' : 'View basket'}
          </button>
        </Dialog.Trigger>
      </div>
      <Dialog.Portal container={container ?? undefined}>
        <Dialog.Overlay className="booking-sheet__overlay" />
        <Dialog.Content className="booking-sheet">
          <div className="booking-sheet__head">
            <Dialog.Title className="booking-sheet__title">Selected sessions</Dialog.Title>
            <Dialog.Description className="visually-hidden">
              The sessions you picked, their total and payment.
            </Dialog.Description>
          </div>
          <BasketLines {...props} />
          <div className="booking-sheet__actions">
            <button
              type="button"
              className="btn btn--outline"
              disabled={selection.length === 0 || props.busy}
              onClick={props.onClear}
            >
              Clear All
            </button>
            <Dialog.Close asChild>
              <button type="button" className="btn btn--ghost">
                Close
              </button>
            </Dialog.Close>
          </div>
          <SubmitButton {...props} onSubmit={submitFromSheet} />
          <Note note={props.note} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
