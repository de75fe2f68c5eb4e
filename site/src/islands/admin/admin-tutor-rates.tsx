// A tutor's rates (docs/decisions/079): what a submitted register pays, per session taught and per
// pupil present or late; a change re-prices the months not yet closed (docs/decisions/113).
// Typed in pounds, sent in pence. The page checks only that each is an amount of money; the
// service owns the limits and names the field it refuses.
import { Button, Dialog, Flex } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../shared/app-providers.tsx';
import { type FieldErrors, TextField } from '../shared/form-fields.tsx';
import { type Tutor, TUTORS_KEY, tutorsApi } from './admin-tutors-api.ts';

export const NOT_AN_AMOUNT = 'Enter an amount in pounds, such as 25 or 2.50.';

/** "25", "£2.50", "0.5" -> pence; undefined for anything that is not an amount of money. */
export function penceFromPounds(text: string): number | undefined {
  const match = /^£?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Pence as the field shows them: "25.00". */
const poundsText = (pence: number) => (pence / 100).toFixed(2);

type RateField = 'perSessionPence' | 'perPupilPence';
type RateErrors = FieldErrors<RateField | 'form'>;

function refusalOf(error: unknown): RateErrors {
  if (!(error instanceof ApiError) || error.status !== 400) {
    return { form: 'The rates could not be saved. Please try again.' };
  }
  const found: RateErrors = {};
  for (const { field, message } of error.errors ?? []) {
    if (field === 'perSessionPence' || field === 'perPupilPence') found[field] = message;
  }
  if (Object.keys(found).length === 0) found.form = error.detail;
  return found;
}

function useSaveRates(tutor: Tutor, onSaved: () => void, onRefused: (e: RateErrors) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rates: Record<RateField, number>) => tutorsApi.setRates(tutor.id, rates),
    onSuccess: (saved) => {
      queryClient.setQueryData<{ tutors: Tutor[] }>(TUTORS_KEY, (list) =>
        list ? { tutors: list.tutors.map((t) => (t.id === saved.id ? saved : t)) } : list,
      );
      toastSuccess({ title: `Rates saved for ${saved.name}` });
      onSaved();
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 400)) {
        console.error('Saving rates failed', error);
        toastError({ title: 'The rates could not be saved', description: 'Please try again.' });
      }
      onRefused(refusalOf(error));
    },
  });
}

export function SetRatesButton({ tutor }: { tutor: Tutor }) {
  const [open, setOpen] = useState(false);
  const [perSession, setPerSession] = useState('');
  const [perPupil, setPerPupil] = useState('');
  const [errors, setErrors] = useState<RateErrors>({});
  const save = useSaveRates(tutor, () => setOpen(false), setErrors);
  const onOpenChange = (next: boolean) => {
    // Each time it opens, from the rates as they are.
    if (next) {
      setPerSession(poundsText(tutor.perSessionPence));
      setPerPupil(poundsText(tutor.perPupilPence));
      setErrors({});
      save.reset();
    }
    setOpen(next);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const perSessionPence = penceFromPounds(perSession);
    const perPupilPence = penceFromPounds(perPupil);
    const invalid: RateErrors = {};
    if (perSessionPence === undefined) invalid.perSessionPence = NOT_AN_AMOUNT;
    if (perPupilPence === undefined) invalid.perPupilPence = NOT_AN_AMOUNT;
    setErrors(invalid);
    if (perSessionPence === undefined || perPupilPence === undefined) return;
    save.mutate({ perSessionPence, perPupilPence });
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>
        <Button variant="soft" size="2">
          Set rates<span className="visually-hidden"> for {tutor.name}</span>
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="440px">
        <Dialog.Title>Rates for {tutor.name}</Dialog.Title>
        <Dialog.Description size="2">
          What a submitted register pays. Lessons of a month not yet closed (until the 8th of the
          next month) are paid at the new rates too; closed months keep the rates they had.
        </Dialog.Description>
        <form className="admin-tutor-rates" noValidate onSubmit={onSubmit}>
          <TextField
            label="Per session (£)"
            hint="For each session they teach"
            inputMode="decimal"
            autoComplete="off"
            value={perSession}
            onChange={(e) => setPerSession(e.target.value)}
            error={errors.perSessionPence}
          />
          <TextField
            label="Per pupil (£)"
            hint="For each pupil marked present or late"
            inputMode="decimal"
            autoComplete="off"
            value={perPupil}
            onChange={(e) => setPerPupil(e.target.value)}
            error={errors.perPupilPence}
          />
          {errors.form && (
            <p className="auth-field-error" role="alert">
              {errors.form}
            </p>
          )}
          <Flex gap="3" justify="end" wrap="wrap">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={save.isPending}>
              Save rates
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
