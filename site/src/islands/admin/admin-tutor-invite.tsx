// Inviting a tutor (docs/decisions/079): the service creates the account and e-mails its owner a
// link to choose a password. An address that already has an account is refused, naming `email`:
// a family's bookings must never sit in a staff account. Field errors show by their fields.
import { Button, Heading, Text } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { type FieldErrors, TextField } from '../shared/form-fields.tsx';
import { TUTORS_KEY, tutorsApi } from './admin-tutors-api.ts';

type InviteField = 'name' | 'email';
type InviteErrors = FieldErrors<InviteField | 'form'>;

/** The service's refusal, by field; what no field shows goes under the form. */
function inviteErrorsOf(error: unknown): InviteErrors {
  if (!(error instanceof ApiError) || error.status !== 400) {
    return { form: 'The invitation could not be sent. Please try again.' };
  }
  const found: InviteErrors = {};
  const other: string[] = [];
  for (const { field, message } of error.errors ?? []) {
    if (field === 'name' || field === 'email') found[field] = message;
    else other.push(message);
  }
  if (other.length > 0 || Object.keys(found).length === 0) {
    found.form = other.length > 0 ? other.join(' ') : error.detail;
  }
  return found;
}

/** What the form can tell before asking: both fields are needed. */
function missingFields(name: string, email: string): InviteErrors {
  const missing: InviteErrors = {};
  if (!name) missing.name = 'Enter the tutor’s name, as families will see it.';
  if (!email) missing.email = 'Enter the tutor’s e-mail address.';
  return missing;
}

export function InviteTutorForm() {
  const queryClient = useQueryClient();
  const titleId = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<InviteErrors>({});
  const [sentTo, setSentTo] = useState<string>();
  const invite = useMutation({
    mutationFn: (request: { name: string; email: string }) => tutorsApi.invite(request),
    onSuccess: (_created, request) => {
      setSentTo(request.email);
      setName('');
      setEmail('');
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
    const request = { name: name.trim(), email: email.trim() };
    const missing = missingFields(request.name, request.email);
    setErrors(missing);
    if (Object.keys(missing).length === 0) invite.mutate(request);
  };
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
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          requiredMark
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
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
    </form>
  );
}
