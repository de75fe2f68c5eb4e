// The admin user page's credit (decision 077): the family's balance, lots and history in the same
// panel they see on /payments-invoices, and a form to give goodwill credit (audited as
// credit.grant). The service checks the grant; its 400 names the fields, shown beside each.
import { Button, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import {
  addDays,
  type Clock,
  GRANTED_CREDIT_MONTHS,
  londonDate,
  londonWallClockToUtc,
} from '@tuition/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../shared/app-providers.tsx';
import { CreditPanel } from '../shared/wallet/credit-panel.tsx';
import { lastUseDay, sessionsOf } from '../shared/wallet/credit-words.ts';
import { adminApi } from './admin-api.ts';
import { retryUnlessRefused } from './admin-format.ts';
import { userQueryKey } from './use-admin-user.ts';

/** Under the user's key, so a cancel that gives credit back refreshes the panel too. */
export const userWalletKey = (userId: string) => [...userQueryKey(userId), 'wallet'] as const;

type GrantField = 'sessions' | 'reason' | 'expiresAt';
type FieldErrors = Partial<Record<GrantField | 'form', string>>;

/** The grant's use-by day as the instant it lapses: the end of that London day. */
export const expiresAtAfterUseBy = (day: string) =>
  londonWallClockToUtc(addDays(day, 1), '00:00').toISOString();

/** The service's field errors by field; any it names that the form has no field for, together. */
function fieldErrorsOf(error: ApiError): FieldErrors {
  const found: FieldErrors = {};
  const other: string[] = [];
  for (const { field, message } of error.errors ?? []) {
    if (field === 'sessions' || field === 'reason' || field === 'expiresAt') found[field] = message;
    else other.push(message);
  }
  if (other.length > 0 || Object.keys(found).length === 0) {
    found.form = other.length > 0 ? other.join(' ') : error.detail;
  }
  return found;
}

function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return (
    <div className="admin-credit-form__field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      {children({ id, describedBy: described.length > 0 ? described.join(' ') : undefined })}
      {hint && (
        <Text as="p" id={`${id}-hint`} size="1" color="gray" m="0">
          {hint}
        </Text>
      )}
      {error && (
        <Text as="p" id={`${id}-error`} size="1" color="red" m="0">
          {error}
        </Text>
      )}
    </div>
  );
}

function GiveCreditForm({ userId, clock }: { userId: string; clock: Clock }) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const [sessions, setSessions] = useState('1');
  const [reason, setReason] = useState('');
  const [useBy, setUseBy] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const grant = useMutation({
    mutationFn: () =>
      adminApi.grantCredit(userId, {
        sessions: Number(sessions),
        reason: reason.trim(),
        ...(useBy ? { expiresAt: expiresAtAfterUseBy(useBy) } : {}),
      }),
    onSuccess: (granted) => {
      toastSuccess({
        title: 'Credit given',
        description: `${sessionsOf(Number(sessions))} of credit, to use by ${lastUseDay(granted.expiresAt)}.`,
      });
      setSessions('1');
      setReason('');
      setUseBy('');
      void queryClient.invalidateQueries({ queryKey: userWalletKey(userId) });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) return setErrors(fieldErrorsOf(error));
      console.error('Credit grant failed', error);
      toastError({ title: 'The credit could not be given', description: 'Please try again.' });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    grant.mutate();
  };
  return (
    <form className="admin-credit-form" aria-labelledby={titleId} onSubmit={onSubmit}>
      <Heading as="h3" size="3" id={titleId}>
        Give credit
      </Heading>
      <Field label="Sessions" hint="1 to 20" error={errors.sessions}>
        {({ id, describedBy }) => (
          <TextField.Root
            id={id}
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            step={1}
            required
            value={sessions}
            onChange={(e) => setSessions(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={errors.sessions ? true : undefined}
          />
        )}
      </Field>
      <Field label="Reason" hint="The family sees it in their credit history" error={errors.reason}>
        {({ id, describedBy }) => (
          <TextField.Root
            id={id}
            required
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={errors.reason ? true : undefined}
          />
        )}
      </Field>
      <Field
        label="Use by (optional)"
        hint={`Left empty: ${GRANTED_CREDIT_MONTHS} months from today`}
        error={errors.expiresAt}
      >
        {({ id, describedBy }) => (
          <TextField.Root
            id={id}
            type="date"
            min={londonDate(clock.now())}
            value={useBy}
            onChange={(e) => setUseBy(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={errors.expiresAt ? true : undefined}
          />
        )}
      </Field>
      {errors.form && (
        <Text as="p" size="2" color="red" role="alert" m="0">
          {errors.form}
        </Text>
      )}
      <Flex>
        <Button type="submit" loading={grant.isPending}>
          Give credit
        </Button>
      </Flex>
    </form>
  );
}

/** The family's credit and the form to give more. */
export function UserCredit({ userId, clock }: { userId: string; clock: Clock }) {
  const wallet = useQuery({
    queryKey: userWalletKey(userId),
    queryFn: () => adminApi.wallet(userId),
    retry: retryUnlessRefused,
  });
  return (
    <Card size="3" className="admin-section admin-credit">
      <CreditPanel staffView={wallet} clock={clock} />
      <GiveCreditForm userId={userId} clock={clock} />
    </Card>
  );
}
