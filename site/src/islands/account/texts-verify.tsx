// "Text messages" on /my-account: verifying the number (docs/decisions/103). "Send a code" texts
// a 6-digit code; the code field and Confirm appear, and a wrong or expired code, or a refusal to
// send (no number, too many codes), is said under the field it concerns.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../shared/form-fields.tsx';
import { toastSuccess } from '../shared/app-toaster.tsx';
import { problemText, TEXTS_KEY, TEXTS_MESSAGES, textsApi } from './texts-api.ts';

export function VerifyNumber({ shown, again }: { shown: string; again: boolean }) {
  const queryClient = useQueryClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: textsApi.sendCode,
    onSuccess: () => {
      setSentTo(shown);
      setCode('');
      setCodeError(undefined);
    },
  });
  const confirm = useMutation({
    mutationFn: textsApi.confirm,
    onSuccess: async () => {
      toastSuccess({ title: TEXTS_MESSAGES.numberVerified });
      await queryClient.invalidateQueries({ queryKey: TEXTS_KEY });
    },
    onError: (error) => setCodeError(problemText(error, 'code')),
  });

  function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setCodeError('Enter the 6-digit code from the text.');
      return;
    }
    confirm.mutate(typed);
  }

  return (
    <div className="texts__verify">
      <p className="texts__lead">
        {again
          ? 'Verify the number again to start texts to it once more.'
          : 'We text a code to check the number is yours before we send it anything.'}
      </p>
      <div className="texts__row">
        <button
          type="button"
          className={sentTo ? 'btn btn--outline' : 'btn btn--primary'}
          disabled={send.isPending}
          onClick={() => send.mutate()}
        >
          {send.isPending ? 'Sending…' : sentTo ? 'Send a new code' : 'Send a code'}
        </button>
      </div>
      {send.isError && (
        <p className="auth-field-error" role="alert">
          {problemText(send.error, 'phone')}
        </p>
      )}
      {sentTo && (
        <form className="texts__code" noValidate onSubmit={onConfirm} aria-label="Confirm code">
          <p role="status">{TEXTS_MESSAGES.codeSent(sentTo)}</p>
          <TextField
            label="Code from the text"
            name="one-time-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            value={code}
            error={codeError}
            onChange={(e) => {
              setCode(e.target.value);
              setCodeError(undefined);
            }}
          />
          <div className="texts__row">
            <button type="submit" className="btn btn--primary" disabled={confirm.isPending}>
              {confirm.isPending ? 'Checking…' : 'Confirm'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
