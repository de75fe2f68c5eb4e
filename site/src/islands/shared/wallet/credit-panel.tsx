// "Your credit" (docs/decisions/077): the family's sessions of credit, each pack or grant with
// what it has left and the last day to use it, and what happened to the credit, in words. On
// /payments-invoices and, for a family that has credit, on /booking; both read the same query.
// Credit an unfinished payment holds is shown as held, with Resume and Release (decision 105).
import { Button } from '@radix-ui/themes';
import { type Clock, systemClock } from '@tuition/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api, type Wallet } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth-client.ts';
import { LoadFailed } from '../load-shell.tsx';
import { useReleaseCheckout } from '../pending-payments.tsx';
import {
  type CreditHold,
  type CreditLot,
  changeText,
  historyWords,
  holdForWords,
  holdWords,
  lotLeft,
  sessionsOf,
  lastUseText,
  lastUseDay,
  refundedLotText,
} from './credit-words.ts';
import { LotRefund } from './lot-refund.tsx';
import './credit-panel.css';

/** History entries shown before "Show all". */
export const HISTORY_SHOWN = 8;

export const walletQueryKey = (userId: string | null) => ['wallet', userId] as const;

/** The signed-in family's wallet; off while signed out. */
export function useWallet(enabled = true) {
  const session = useSession();
  const userId = session.data?.user?.id ?? null;
  return useQuery({
    queryKey: walletQueryKey(userId),
    queryFn: api.wallet,
    enabled: enabled && userId !== null,
  });
}

export interface CreditPanelProps {
  /**
   * `summary` (/booking): the balance and lots only, with a link to the history, and nothing
   * for a family that has never had credit (the session packs follow the picker there). Held
   * credit is named without Resume and Release, which the page's "Payment pending" panel offers.
   */
  variant?: 'full' | 'summary';
  clock?: Clock;
  /**
   * Another account's wallet, for staff (the admin user page): titled "Credit" and worded about
   * the family rather than to them. Without it, the signed-in family's own.
   */
  staffView?: UseQueryResult<Wallet, unknown>;
}

export function CreditPanel({
  variant = 'full',
  clock = systemClock,
  staffView,
}: CreditPanelProps) {
  const hideWhenEmpty = variant === 'summary';
  const own = useWallet(staffView === undefined);
  const wallet = staffView ?? own;
  const titleId = useId();
  if (wallet.isPending) return null;
  if (wallet.isError) {
    return hideWhenEmpty ? null : (
      <LoadFailed
        text={`We could not load ${staffView ? 'the family’s' : 'your'} credit just now.`}
        onRetry={() => void wallet.refetch()}
      />
    );
  }
  const { data } = wallet;
  if (hideWhenEmpty && data.lots.length === 0) return null;
  return (
    <section className="credit-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="credit-panel__title">
        {staffView ? 'Credit' : 'Your credit'}
      </h2>
      <p className="credit-panel__balance" data-testid="credit-balance">
        <strong>{sessionsOf(data.balance)}</strong> of credit
      </p>
      {/* On /booking the "Payment pending" panel above the steps already offers Resume payment
          and Release for every unfinished payment: the hold is named here, not offered twice. */}
      <Holds holds={data.held} now={clock.now()} actions={!staffView && !hideWhenEmpty} />
      {data.lots.length === 0 && staffView ? (
        <p className="credit-panel__lead">No credit yet: no packs bought and none given.</p>
      ) : data.lots.length === 0 ? (
        <p className="credit-panel__lead">
          You have no credit yet. A session pack gives you sessions to book for any of your
          children, whenever suits you. <a href="/booking#session-packs">See the session packs</a>
        </p>
      ) : (
        <>
          <p className="credit-panel__lead">
            {staffView
              ? 'Credit pays first when the family books, for any of their children.'
              : 'Credit pays first when you book, for any of your children.'}
          </p>
          <Lots lots={data.lots} history={data.history} now={clock.now()} refundable={!staffView} />
          {hideWhenEmpty ? (
            <p className="credit-panel__more">
              <a href="/payments-invoices">See how you have used your credit</a>
            </p>
          ) : (
            <History wallet={data} />
          )}
        </>
      )}
    </section>
  );
}

/**
 * Credit unfinished card payments hold (docs/decisions/105): held, not used, until the payment
 * is finished or the hold ends; the family's own view offers Resume and Release.
 */
function Holds({
  holds,
  now,
  actions,
}: {
  holds: readonly CreditHold[];
  now: Date;
  actions: boolean;
}) {
  const live = holds.filter((h) => Date.parse(h.expiresAt) > now.getTime());
  if (live.length === 0) return null;
  return (
    <ul className="credit-panel__holds">
      {live.map((hold) => (
        <HeldCredit key={hold.checkoutId} hold={hold} actions={actions} />
      ))}
    </ul>
  );
}

function HeldCredit({ hold, actions }: { hold: CreditHold; actions: boolean }) {
  const id = useId();
  const release = useReleaseCheckout(hold.checkoutId);
  return (
    <li className="credit-hold" data-testid="credit-hold">
      <span id={id} className="credit-hold__words">
        {holdWords(hold)}
      </span>
      {hold.pupils.length > 0 && <span className="credit-hold__for">{holdForWords(hold)}</span>}
      {actions && (
        <span className="credit-hold__actions">
          {hold.resumeUrl && (
            <Button asChild size="2">
              <a href={hold.resumeUrl} aria-describedby={id}>
                Resume payment
              </a>
            </Button>
          )}
          <Button
            size="2"
            variant="soft"
            color="gray"
            highContrast
            loading={release.isPending}
            aria-describedby={id}
            onClick={() => release.mutate()}
          >
            Release
          </Button>
        </span>
      )}
    </li>
  );
}

function lotState(lot: CreditLot, history: Wallet['history'], now: Date): string {
  // Held credit is not used: it comes back if the payment is not finished (decision 105).
  const held = lot.held > 0 ? `${sessionsOf(lot.held)} held for an unfinished payment` : '';
  if (lot.remaining > 0) return held ? `${lastUseText(lot)} · ${held}` : lastUseText(lot);
  if (held) return held;
  const refunded = refundedLotText(lot, history);
  if (refunded) return refunded;
  if (Date.parse(lot.expiresAt) <= now.getTime())
    return `Lapsed after ${lastUseDay(lot.expiresAt)}`;
  return 'All used';
}

function Lots({
  lots,
  history,
  now,
  refundable,
}: {
  lots: readonly CreditLot[];
  /** The ledger, for what of a spent lot went back to the card. */
  history: Wallet['history'];
  now: Date;
  /** The family's own view offers the cooling-off refund; staff's does not. */
  refundable: boolean;
}) {
  return (
    <ul className="credit-panel__lots">
      {lots.map((lot) => (
        <li key={lot.id} className="credit-lot">
          <span className="credit-lot__name">{lot.name}</span>
          <span className="credit-lot__left">{lotLeft(lot)}</span>
          <span className="credit-lot__until">{lotState(lot, history, now)}</span>
          {refundable && <LotRefund lot={lot} />}
        </li>
      ))}
    </ul>
  );
}

/** Entries differ by time, lot, reason, session and pupil. */
const historyKey = (e: Wallet['history'][number]) =>
  [e.at, e.lotId, e.reason, e.session?.startsAt, e.pupil?.id].join(' ');

function History({ wallet }: { wallet: Wallet }) {
  const [all, setAll] = useState(false);
  const titleId = useId();
  const { history } = wallet;
  if (history.length === 0) return null;
  const shown = all ? history : history.slice(0, HISTORY_SHOWN);
  return (
    <div className="credit-panel__history">
      <h3 id={titleId} className="credit-panel__subtitle">
        Credit history
      </h3>
      <ul className="credit-history" aria-labelledby={titleId}>
        {shown.map((entry) => (
          <li key={historyKey(entry)} className="credit-history__entry">
            <span className="credit-history__words">{historyWords(entry, wallet.lots)}</span>
            <span className="credit-history__change" aria-hidden="true">
              {changeText(entry.change)}
            </span>
          </li>
        ))}
      </ul>
      {history.length > HISTORY_SHOWN && (
        <button type="button" className="btn btn--ghost" onClick={() => setAll((a) => !a)}>
          {all ? 'Show fewer' : `Show all ${history.length}`}
        </button>
      )}
    </div>
  );
}
