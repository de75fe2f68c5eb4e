// The sibling discount (docs/decisions/080, 082): a whole percentage, 0 to 50, off each additional
// pupil's seat in one session; 0 turns it off. The service applies it (never combined with a promo
// code) and owns the limits: its refusal shows under the field.
import { Button, Heading, Text } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SubmitEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { TextField } from '../shared/form-fields.tsx';
import { SIBLING_DISCOUNT_KEY, promotionsApi, useSiblingDiscount } from './admin-promotions-api.ts';

/** "Sibling discount: 10%", or "Sibling discount: 0% (off)". */
export const siblingText = (percent: number) =>
  `Sibling discount: ${percent}%${percent === 0 ? ' (off)' : ''}`;

/** What was saved, in words. */
export const siblingSavedText = (percent: number) =>
  percent === 0
    ? 'Saved: the sibling discount is off.'
    : `Saved: ${percent}% off each additional pupil’s seat in the same session.`;

function refusalOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) {
    return error.errors?.find((e) => e.field === 'percent')?.message ?? error.detail;
  }
  return 'The sibling discount could not be saved. Please try again.';
}

export function SiblingDiscountForm() {
  const queryClient = useQueryClient();
  const titleId = useId();
  const current = useSiblingDiscount();
  const [typed, setTyped] = useState<string>();
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState<string>('');
  const save = useMutation({
    mutationFn: (percent: number) => promotionsApi.setSiblingDiscount(percent),
    onSuccess: (answer) => {
      queryClient.setQueryData(SIBLING_DISCOUNT_KEY, answer);
      setTyped(undefined);
      setSaved(siblingSavedText(answer.percent));
    },
    onError: (failure) => {
      if (!(failure instanceof ApiError && failure.status === 400)) {
        console.error('Saving the sibling discount failed', failure);
      }
      setError(refusalOf(failure));
    },
  });
  const percent = current.data?.percent;
  const value = typed ?? (percent === undefined ? '' : String(percent));
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved('');
    if (!/^\d{1,3}$/.test(value.trim())) {
      setError('Enter a whole number from 0 to 50.');
      return;
    }
    setError(undefined);
    save.mutate(Number(value.trim()));
  };
  return (
    <form className="admin-sibling" aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
      <Heading as="h3" size="3" id={titleId}>
        Sibling discount
      </Heading>
      <Text as="p" size="2" m="0" weight="medium">
        {current.isPending
          ? 'Loading the sibling discount…'
          : current.isError
            ? 'The sibling discount could not be loaded.'
            : siblingText(percent ?? 0)}
      </Text>
      <Text as="p" size="2" color="gray" m="0">
        Off each additional pupil’s seat in the same session. A family gets either this or a promo
        code, whichever saves more.
      </Text>
      <div className="admin-sibling__row">
        <TextField
          label="Percentage (0 to 50)"
          type="number"
          min={0}
          max={50}
          step={1}
          inputMode="numeric"
          value={value}
          disabled={current.isPending}
          onChange={(e) => setTyped(e.target.value)}
          error={error}
        />
        <Button type="submit" loading={save.isPending} disabled={current.isPending}>
          Save
        </Button>
      </div>
      <Text as="p" size="2" role="status" m="0">
        {saved}
      </Text>
    </form>
  );
}
