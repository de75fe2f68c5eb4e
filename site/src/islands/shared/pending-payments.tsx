// The signed-in customer's own unpaid checkouts (decision 041): someone who left the payment page
// with Back or closed the tab still holds those seats for up to 30 minutes. Nothing is booked
// or paid, so they are shown as "Payment pending", never as booked, with Resume payment (the
// same provider page, while the hold lasts) and Release (the seats go back at once). Shown on
// /booking and /upcoming-bookings. Each session names the children it is for (decision 105).
import { Badge, Button } from '@radix-ui/themes';
import { formatLondonDate, formatPounds, formatTime12h, MESSAGES } from '@tuition/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { api, type OpenCheckout } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from './app-providers.tsx';
import { namesInWords, paidWithWords } from './wallet/credit-words.ts';
import './pending-payments.css';

export const OPEN_CHECKOUTS_QUERY_KEY = ['checkouts', 'open'] as const;

/** The user's open checkouts; lapsed holds drop out as `now` passes them. */
export function useOpenCheckouts(enabled: boolean, now: Date) {
  const query = useQuery({
    queryKey: OPEN_CHECKOUTS_QUERY_KEY,
    queryFn: () => api.openCheckouts(),
    enabled,
  });
  const open = (query.data ?? []).filter((c) => Date.parse(c.expiresAt) > now.getTime());
  return { ...query, open };
}

/** What a hold (or its release) changes: the seats shown, the list itself and held credit. */
export function refreshSeats(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: OPEN_CHECKOUTS_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: ['availability'] });
  void queryClient.invalidateQueries({ queryKey: ['wallet'] });
}

/** Release: the hold ends at once, its seats and credit go back (decision 041). */
export function useReleaseCheckout(checkoutId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.cancelCheckout(checkoutId),
    onSuccess: () => toastSuccess(MESSAGES.paymentReleased),
    onError: (error) => {
      console.error('Release failed', error);
      toastError(MESSAGES.paymentReleaseFailed);
    },
    // Either way the list and the seats are read again: a failed release may have lapsed.
    onSettled: () => refreshSeats(queryClient),
  });
}

/** One line per session, naming the children its seats are for (docs/decisions/105). */
export function sessionsWithChildren(sessions: OpenCheckout['sessions']) {
  const byStart = new Map<string, { session: OpenCheckout['sessions'][number]; names: string[] }>();
  for (const seat of sessions) {
    const line = byStart.get(seat.startsAt) ?? { session: seat, names: [] };
    if (seat.pupil.name && !line.names.includes(seat.pupil.name)) line.names.push(seat.pupil.name);
    byStart.set(seat.startsAt, line);
  }
  return [...byStart.values()];
}

/**
 * Coming back with the browser's Back button may show this page from the back-forward cache,
 * as it was before the payment page opened: ask the service again. `onReturn` lets the
 * booking flow reset its own state too.
 */
export function useRefreshOnReturn(onReturn?: () => void): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      onReturn?.();
      refreshSeats(queryClient);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [queryClient, onReturn]);
}

function PendingPayment({
  checkout,
  headingLevel,
}: {
  checkout: OpenCheckout;
  headingLevel: 3 | 4;
}) {
  const id = useId();
  const release = useReleaseCheckout(checkout.checkoutId);
  const sessionsText =
    checkout.sessionCount === 1 ? '1 session' : `${checkout.sessionCount} sessions`;
  const Title = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <li className="pending-payment card">
      <div className="pending-payment__head">
        <Title id={`${id}-title`} className="pending-payment__title">
          {sessionsText},{' '}
          {paidWithWords(
            formatPounds(checkout.amountPence),
            checkout.amountPence,
            checkout.sessions.filter((seat) => seat.paidWithCredit).length,
          )}
        </Title>
        <Badge color="amber" variant="soft" size="2" highContrast>
          {MESSAGES.paymentPending.title}
        </Badge>
      </div>
      <ul className="pending-payment__sessions">
        {sessionsWithChildren(checkout.sessions).map(({ session: s, names }) => (
          <li key={s.startsAt}>
            <strong>{formatLondonDate(new Date(s.startsAt))}</strong>{' '}
            <span>
              {s.label}, {s.time || formatTime12h(new Date(s.startsAt))}
              {names.length > 0 && `, for ${namesInWords(names)}`}
            </span>
          </li>
        ))}
      </ul>
      <p className="pending-payment__hold">
        Seats held for you until {formatTime12h(new Date(checkout.expiresAt))} (UK time).
      </p>
      <div className="pending-payment__actions">
        {checkout.resumeUrl && (
          <Button asChild>
            <a href={checkout.resumeUrl} aria-describedby={`${id}-title`}>
              Resume payment
            </a>
          </Button>
        )}
        <Button
          variant="soft"
          color="gray"
          highContrast
          loading={release.isPending}
          aria-describedby={`${id}-title`}
          onClick={() => release.mutate()}
        >
          Release
        </Button>
      </div>
    </li>
  );
}

export interface PendingPaymentsProps {
  checkouts: readonly OpenCheckout[];
  /** Heading level of the section title (the page decides its outline). */
  headingLevel?: 2 | 3;
}

/** The open checkouts, or nothing at all when there are none. */
export function PendingPayments({ checkouts, headingLevel = 2 }: PendingPaymentsProps) {
  const id = useId();
  if (checkouts.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="pending-payments" aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className="pending-payments__heading">
        {MESSAGES.paymentPending.title}
      </Heading>
      <p className="pending-payments__lead">
        {MESSAGES.paymentPending.description} Paying for any of these sessions in a new basket
        replaces the unfinished payment.
      </p>
      <ul className="pending-payments__list">
        {checkouts.map((checkout) => (
          <PendingPayment
            key={checkout.checkoutId}
            checkout={checkout}
            headingLevel={headingLevel === 2 ? 3 : 4}
          />
        ))}
      </ul>
    </section>
  );
}
