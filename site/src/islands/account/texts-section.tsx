// /my-account "Text messages" (docs/decisions/103, site side in 110): the account's number and
// its state, verifying it with a texted code, a choice per text kind with the sentence recorded
// when it is turned on, and quiet hours. Texts are in addition to e-mail; payments, receipts and
// account e-mails stay e-mail only. Signed out it renders nothing (the account page beside it
// shows the login prompt).
import type { Notifications } from '@tuition/api-contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/auth-client.ts';
import { usePhoneText } from '../../lib/phone-numbers.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { TEXTS_KEY, TEXTS_MESSAGES, textsApi } from './texts-api.ts';
import { KindSwitches, QuietHoursForm } from './texts-choices.tsx';
import { VerifyNumber } from './texts-verify.tsx';
import './texts-section.css';

/** The number's state in words, as the page shows it beside the number. */
export function numberState(phone: Notifications['phone']): string {
  if (phone.stoppedByReply) return TEXTS_MESSAGES.stopped;
  if (phone.unreachable) return TEXTS_MESSAGES.unreachable;
  return phone.verified ? TEXTS_MESSAGES.verified : TEXTS_MESSAGES.notVerified;
}

function NumberPart({ notifications }: { notifications: Notifications }) {
  const phoneText = usePhoneText();
  const { phone } = notifications;
  if (!phone.number) return <p className="texts__lead">{TEXTS_MESSAGES.noNumber}</p>;
  const shown = phoneText(phone.number);
  const state = numberState(phone);
  return (
    <>
      <p className="texts__number">
        <span>Texts go to {shown}</span>{' '}
        <span className={`texts__state texts__state--${phone.verified ? 'ok' : 'no'}`}>
          {state}
        </span>
      </p>
      {phone.stoppedByReply && (
        <p className="texts__lead">
          You replied STOP, so every text is off. Reply START to turn back on what was on, or turn a
          choice on below.
        </p>
      )}
      {(!phone.verified || phone.unreachable) && (
        <VerifyNumber shown={shown} again={phone.unreachable} />
      )}
    </>
  );
}

function TextsBody() {
  const texts = useQuery({ queryKey: TEXTS_KEY, queryFn: textsApi.get });
  if (texts.isPending) return <p role="status">Loading your text settings…</p>;
  if (texts.isError) return <p role="alert">{TEXTS_MESSAGES.loadFailed}</p>;
  const notifications = texts.data;
  return (
    <>
      <NumberPart notifications={notifications} />
      <KindSwitches notifications={notifications} />
      <QuietHoursForm
        key={`${notifications.quietHours.from}-${notifications.quietHours.to}`}
        notifications={notifications}
      />
    </>
  );
}

function TextsContent() {
  const { data: session, isPending } = useSession();
  if (isPending || !session?.user) return null;
  return (
    <section className="account-card texts" aria-labelledby="texts-heading">
      <h2 id="texts-heading">Text messages</h2>
      <p className="texts__lead">
        Texts are sent as well as e-mail, never instead of it, and only for what you turn on below.
        Payments, receipts and account e-mails stay e-mail only, and texts never carry offers or
        marketing. Reply STOP to any text to stop all texts.
      </p>
      <TextsBody />
    </section>
  );
}

/** Tests pass their own query client; the page shares its islands' one. */
export function TextsSection({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders {...(queryClient ? { queryClient } : {})}>
      <TextsContent />
    </AppProviders>
  );
}

export default TextsSection;
