// Inviting a tutor (docs/decisions/079): the service creates the account and e-mails its owner a
// link to choose a password. An address that already has an account is refused, naming `email`:
// a family's bookings must never sit in a staff account. Field errors show by their fields.
// The rates are taken here too, as the rates form takes them; left empty, the tutor is paid
// nothing until they are set, and the page says so in words (docs/decisions/113).
import type { TutorInviteRequest } from '@tuition/api-contract';
import { Button, Heading, Text } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { type FieldErrors, TextField } from '../shared/form-fields.tsx';
import { payWarningText } from './admin-tutor-pay-warning.ts';
import { NOT_AN_AMOUNT, penceFromPounds } from './admin-tutor-rates.tsx';
import { TUTORS_KEY, tutorsApi } from './admin-tutors-api.ts';

const FIELDS = ['name', 'email', 'perSessionPence', 'perPupilPence'] as const;
type InviteField = (typeof FIELDS)[number];
type InviteErrors = FieldErrors<InviteField | 'form'>;

const isInviteField = (field: string): field is InviteField =>
  (FIELDS as readonly string[]).includes(field);

/** The service's refusal, by field; what no field shows goes under the form. */
function inviteErrorsOf(error: unknown): InviteErrors {
  if (!(error instanceof ApiError) || error.status !== 400) {
    return { form: 'The invitation could not be sent. Please try again.' };
  }
  const found: InviteErrors = {};
  const other: string[] = [];
  for (const { field, message } of error.errors ?? []) {
    if (isInviteField(field)) found[field] = message;
    else other.push(message);
  }
  if (other.length > 0 || Object.keys(found).length === 0) {
    found.form = other.length > 0 ? other.join(' ') : error.detail;
  }
  return found;
}

interface InviteText {
  name: string;
  email: string;
  perSession: string;
  perPupil: string;
}

/**
 * What the form can tell before asking: a name and an address are needed; a rate, when typed,
 * must be an amount of money. The request, or the errors to show.
 */
export function inviteRequestOf(
  text: InviteText,
): { request: TutorInviteRequest } | { errors: InviteErrors } {
  const errors: InviteErrors = {};
  const name = text.name.trim();
  const email = text.email.trim();
  if (!name) errors.name = 'Enter the tutor’s name, as families will see it.';
  if (!email) errors.email = 'Enter the tutor’s e-mail address.';
  const rate = (typed: string, field: 'perSessionPence' | 'perPupilPence') => {
    if (!typed.trim()) return undefined;
    const pence = penceFromPounds(typed);
    if (pence === undefined) errors[field] = NOT_AN_AMOUNT;
    return pence;
  };
  const perSessionPence = rate(text.perSession, 'perSessionPence');
  const perPupilPence = rate(text.perPupil, 'perPupilPence');
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      name,
      email,
      ...(perSessionPence !== undefined ? { perSessionPence } : {}),
      ...(perPupilPence !== undefined ? { perPupilPence } : {}),
    },
  };
}

const EMPTY: InviteText = { name: '', email: '', perSession: '', perPupil: '' };

export function InviteTutorForm() {
  const queryClient = useQueryClient();
  const titleId = useId();
  const [text, setText] = useState<InviteText>(EMPTY);
  const [errors, setErrors] = useState<InviteErrors>({});
  const [sentTo, setSentTo] = useState<string>();
  const [warning, setWarning] = useState('');
  const invite = useMutation({
    mutationFn: (request: TutorInviteRequest) => tutorsApi.invite(request),
    onSuccess: (created, request) => {
      setSentTo(request.email);
      setWarning(payWarningText(request.name, created.warnings));
      setText(EMPTY);
      void queryClient.invalidateQueries({ queryKey: TUTORS_KEY });
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 400)) {
        console.error('Tutor invitation failed', error);
      }
      setErrors(inviteErrorsOf(error));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSentTo(undefined);
    setWarning('');
    const checked = inviteRequestOf(text);
    setErrors('errors' in checked ? checked.errors : {});
    if ('request' in checked) invite.mutate(checked.request);
  };
  const field = (key: keyof InviteText) => ({
    value: text[key],
    onChange: (e: { target: { value: string } }) =>
      setText((was) => ({ ...was, [key]: e.target.value })),
  });
  return (
    <form className="admin-tutor-invite" aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
      <Heading as="h3" size="3" id={titleId}>
        Invite a tutor
      </Heading>
      <Text as="p" size="2" color="gray" m="0">
        They are e-mailed a link to choose a password, then sign in to see the sessions they teach.
      </Text>
      <div className="admin-tutor-invite__fields">
        <TextField
          label="Name"
          hint="As families will see it, e.g. Mr Patel"
          autoComplete="off"
          requiredMark
          {...field('name')}
          error={errors.name}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          requiredMark
          {...field('email')}
          error={errors.email}
        />
        <TextField
          label="Per session (£)"
          hint="What each session they teach pays"
          inputMode="decimal"
          autoComplete="off"
          {...field('perSession')}
          error={errors.perSessionPence}
        />
        <TextField
          label="Per pupil (£)"
          hint="For each pupil marked present or late"
          inputMode="decimal"
          autoComplete="off"
          {...field('perPupil')}
          error={errors.perPupilPence}
        />
      </div>
      {errors.form && (
        <Text as="p" size="2" color="red" role="alert" m="0">
          {errors.form}
        </Text>
      )}
      <div className="admin-tutor-invite__actions">
        <Button type="submit" loading={invite.isPending}>
          Invite tutor
        </Button>
        <Text as="p" size="2" role="status" m="0">
          {sentTo ? `Invitation sent to ${sentTo}` : ''}
        </Text>
      </div>
      <Text as="p" size="2" color="orange" weight="medium" role="status" m="0">
        {warning}
      </Text>
    </form>
  );
}
