// Reschedule within 24 hours of the start (docs/product-rules.md#pages): the session can no longer
// be moved online, so the button explains how to ask support. The same for a group seat and a
// 1-to-1 lesson (docs/decisions/106, 111).
import { Button, Dialog, Flex } from '@radix-ui/themes';
import { RESCHEDULE_CUTOFF_HOURS } from '@tuition/domain';

export interface TooLateDialogProps {
  contactEmail: string;
  contactPhone: string;
}

export function TooLateDialog({ contactEmail, contactPhone }: TooLateDialogProps) {
  return (
    <Dialog.Root>
      <Dialog.Trigger>
        <Button variant="soft">Reschedule</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>Contact us to reschedule</Dialog.Title>
        <Dialog.Description size="2">
          Sessions can be rescheduled online up to {RESCHEDULE_CUTOFF_HOURS} hours before they
          start. This session starts sooner, so please contact support: we may still be able to move
          it, at our discretion.
        </Dialog.Description>
        <p className="bookings-dialog__contact">
          Email <a href={`mailto:${contactEmail}`}>{contactEmail}</a> or call{' '}
          <a href={`tel:${contactPhone.replace(/[^\d+]/g, '')}`}>{contactPhone}</a>.
        </p>
        <Flex gap="3" mt="4" justify="end">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
