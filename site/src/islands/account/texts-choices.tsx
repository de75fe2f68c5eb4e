// "Text messages" on /my-account: a switch per text kind with the service's own sentence beside
// it (the wording recorded when it is turned on, PECR, docs/decisions/103), and quiet hours in
// London time. A refusal (409 phone-not-verified when the number is not verified) is said beside
// the switches, not only in a toast.
import { type Notifications, SMS_KINDS, type SmsKind } from '@tuition/api-contract';
import { Flex, Switch, Text } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toastSuccess } from '../shared/app-toaster.tsx';
import { KIND_LABELS, problemText, TEXTS_KEY, TEXTS_MESSAGES, textsApi } from './texts-api.ts';

export function KindSwitches({ notifications }: { notifications: Notifications }) {
  const queryClient = useQueryClient();
  const baseId = useId();
  const change = useMutation({
    mutationFn: ({ kind, on }: { kind: SmsKind; on: boolean }) =>
      textsApi.update({ sms: { [kind]: on } }),
    onSuccess: (next, { kind, on }) => {
      queryClient.setQueryData(TEXTS_KEY, next);
      toastSuccess({ title: `${KIND_LABELS[kind]} by text turned ${on ? 'on' : 'off'}` });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: TEXTS_KEY }),
  });
  return (
    <fieldset className="texts__choices">
      <legend>Send me texts for</legend>
      {SMS_KINDS.map((kind) => {
        const explanationId = `${baseId}-${kind}`;
        return (
          <div className="texts__choice" key={kind}>
            <Text as="label" size="3" weight="medium">
              <Flex gap="2" align="center">
                <Switch
                  checked={notifications.sms[kind]}
                  disabled={change.isPending}
                  aria-describedby={explanationId}
                  onCheckedChange={(on) => change.mutate({ kind, on })}
                />
                {KIND_LABELS[kind]}
              </Flex>
            </Text>
            <p className="texts__explanation" id={explanationId}>
              {notifications.explanations[kind]}
            </p>
          </div>
        );
      })}
      {change.isError && (
        <p className="auth-field-error" role="alert">
          {problemText(change.error)}
        </p>
      )}
    </fieldset>
  );
}

export function QuietHoursForm({ notifications }: { notifications: Notifications }) {
  const queryClient = useQueryClient();
  const [from, setFrom] = useState(notifications.quietHours.from);
  const [to, setTo] = useState(notifications.quietHours.to);
  const fromId = useId();
  const toId = useId();
  const save = useMutation({
    mutationFn: () => textsApi.update({ quietHours: { from, to } }),
    onSuccess: (next) => {
      queryClient.setQueryData(TEXTS_KEY, next);
      toastSuccess({ title: TEXTS_MESSAGES.quietSaved });
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="texts__quiet" noValidate onSubmit={onSubmit} aria-labelledby={`${fromId}-h`}>
      <h3 id={`${fromId}-h`}>Quiet hours</h3>
      <p className="texts__lead">
        No texts are sent from {notifications.quietHours.from} until {notifications.quietHours.to},
        UK time (London). A text due then waits until they end, or is not sent if it would be too
        late to help. E-mails are not held back.
      </p>
      <div className="texts__row">
        <div className="field">
          <label htmlFor={fromId}>No texts from</label>
          <input
            id={fromId}
            className="input"
            type="time"
            required
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={toId}>until</label>
          <input
            id={toId}
            className="input"
            type="time"
            required
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
      </div>
      {save.isError && (
        <p className="auth-field-error" role="alert">
          {problemText(save.error)}
        </p>
      )}
      <div className="texts__row">
        <button type="submit" className="btn btn--outline" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save quiet hours'}
        </button>
      </div>
    </form>
  );
}
