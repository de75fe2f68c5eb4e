// Cooling-off (docs/decisions/077): within 14 days of buying a pack the buyer may cancel its
// unused sessions for a card refund at the pack's own price per session. The button shows
// only while the service says the lot is refundable; the dialog states the amount first.
import { Button } from '@radix-ui/themes';
import { formatPounds, MESSAGES, packRefundPence } from '@tuition/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../app-toaster.tsx';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { type CreditLot, lastUseDay, sessionsOf } from './credit-words.ts';

/** What refunding the lot's unused sessions gives back, as the service works it out. */
export function lotRefundPence(lot: CreditLot): number {
  return packRefundPence(
    { sessions: lot.sessions, pricePence: lot.pricePaidPence },
    lot.sessions - lot.remaining,
    lot.remaining,
  );
}

export function LotRefund({ lot }: { lot: CreditLot }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const refund = useMutation({
    mutationFn: () => api.refundPackLot(lot.id),
    onSuccess: (done) => {
      setOpen(false);
      toastSuccess({
        title: `${formatPounds(done.refundedPence)} refunded to your card`,
        description: 'Refunds usually appear within 5 to 10 working days.',
      });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
    onError: (error) => {
      console.error('Pack refund failed', error);
      setOpen(false);
      toastError({
        title: 'We could not refund this pack',
        description: error instanceof ApiError ? error.detail : MESSAGES.paymentError.description,
      });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
  if (!lot.refundableUntil || lot.remaining === 0) return null;
  const amount = formatPounds(lotRefundPence(lot));
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="soft" size="1">
          Refund unused sessions
        </Button>
      }
      title={`Refund ${sessionsOf(lot.remaining)} of your ${lot.name}?`}
      description={`We will refund ${amount} to your card, the pack's price for each unused session, and the sessions will leave your credit. You can do this until ${lastUseDay(lot.refundableUntil)}.`}
      keepLabel="Keep my credit"
      confirmLabel={`Refund ${amount}`}
      busy={refund.isPending}
      onConfirm={() => refund.mutate()}
    />
  );
}
