// The cost of deleting an account, in its confirm dialog (decision 074): the upcoming seats the
// deletion cancels without a refund (docs/product-rules.md), each at the price it was charged,
// their total, what else is given up, and the business's contact details to talk first; and the
// credit it ends (decision 101): what is refunded to the card and what is forfeited.
import type { AccountDeletionPreview, DeletionCredit } from '@tuition/api-contract';
import { formatLondonDate, formatPounds, formatTime12h } from '@tuition/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const PREVIEW_TEXTS = {
  previewLoading: 'Checking your upcoming sessions…',
  previewFailed:
    'We could not check your upcoming sessions or credit. Any sessions you have are cancelled without a refund.',
} as const;

/** The business's contact details, from the CMS site settings (the Astro page passes them). */
export interface BusinessContact {
  email: string;
  phone: string;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** "You have 3 upcoming paid sessions worth £45.00. Deleting …": the cost, said plainly. */
export function costLine(preview: AccountDeletionPreview): string {
  const count = plural(
    preview.upcomingSeats.length,
    'upcoming paid session',
    'upcoming paid sessions',
  );
  const them = preview.upcomingSeats.length === 1 ? 'it' : 'them';
  return `You have ${count} worth ${formatPounds(preview.totalPence)}. Deleting your account cancels ${them} without a refund.`;
}

/**
 * What a deletion does to the account's credit, in plain words (decision 101): the unused
 * sessions of packs still in their 14-day cooling-off are refunded to the card, the rest is
 * forfeited. Nothing when there is no credit.
 */
export function creditLines(credit: DeletionCredit): string[] {
  const lines: string[] = [];
  if (credit.refundableSessions > 0) {
    const until = credit.refundableUntil
      ? ` (packs bought in the last 14 days, until ${formatLondonDate(new Date(credit.refundableUntil))})`
      : '';
    lines.push(
      `Deleting your account now refunds ${formatPounds(credit.refundablePence)} to your card for ${plural(credit.refundableSessions, 'unused session', 'unused sessions')} of credit${until}.`,
    );
  }
  const lost = credit.sessions - credit.refundableSessions;
  if (lost > 0) {
    const lostPence = credit.valuePence - credit.refundablePence;
    const worth = lostPence > 0 ? ` worth ${formatPounds(lostPence)}` : '';
    const it = lost === 1 ? 'It is' : 'They are';
    lines.push(
      `You will lose ${plural(lost, 'session', 'sessions')} of credit${worth}. ${it} not refunded.`,
    );
  }
  return lines;
}

/** The seats a deletion cancels, with their prices; scrolls on its own so the buttons stay in view. */
function DeletionCost({
  preview,
  contact,
}: {
  preview: AccountDeletionPreview;
  contact: BusinessContact | undefined;
}) {
  const others = [
    preview.waitingPlaces > 0 &&
      `Your ${plural(preview.waitingPlaces, 'waiting-list place', 'waiting-list places')} will be given up.`,
    preview.pendingCheckouts > 0 &&
      `${plural(preview.pendingCheckouts, 'payment', 'payments')} not yet made will be cancelled.`,
  ].filter((line): line is string => typeof line === 'string');
  const credit = creditLines(preview.credit);
  if (preview.upcomingSeats.length === 0 && others.length === 0 && credit.length === 0) {
    return null;
  }
  return (
    <div className="data-section__cost">
      {preview.upcomingSeats.length > 0 && (
        <>
          <p className="data-section__cost-line">{costLine(preview)}</p>
          <section
            className="data-section__seats"
            aria-label="Upcoming paid sessions"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls on a phone, so keyboards must reach it
            tabIndex={0}
          >
            <ul>
              {preview.upcomingSeats.map((seat) => {
                const starts = new Date(seat.startsAt);
                return (
                  <li key={`${seat.startsAt} ${seat.pupil.id}`}>
                    <span>
                      {formatLondonDate(starts)}, {formatTime12h(starts)}
                    </span>
                    <span>
                      {seat.label}, for {seat.pupil.name}
                    </span>
                    <strong>{formatPounds(seat.pricePence)}</strong>
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      )}
      {[...credit, ...others].map((line) => (
        <p key={line}>{line}</p>
      ))}
      {contact && preview.upcomingSeats.length > 0 && (
        <p>
          Would moving a session help instead? Contact us first: e-mail{' '}
          <a href={`mailto:${contact.email}`}>{contact.email}</a> or call{' '}
          <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>.
        </p>
      )}
    </div>
  );
}

/** What the deletion would cancel, read each time the dialog opens. */
export function useDeletionPreview(open: boolean) {
  return useQuery({
    queryKey: ['deletion-preview'],
    queryFn: api.deletionPreview,
    enabled: open,
    staleTime: 0,
    gcTime: 0,
    retry: 1,
  });
}

/**
 * The delete section's word on credit, before the password is asked (decision 101): read once
 * when the section shows; nothing while it loads, when it cannot be read (the dialog says so)
 * or when there is no credit.
 */
export function CreditAtStake() {
  const preview = useQuery({
    queryKey: ['deletion-preview', 'credit'],
    queryFn: api.deletionPreview,
    retry: 1,
  });
  const lines = preview.data ? creditLines(preview.data.credit) : [];
  if (lines.length === 0) return null;
  return (
    <div className="data-section__credit">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

export function DeletionPreviewPart({
  preview,
  contact,
}: {
  preview: ReturnType<typeof useDeletionPreview>;
  contact: BusinessContact | undefined;
}) {
  if (preview.isPending) return <p role="status">{PREVIEW_TEXTS.previewLoading}</p>;
  if (preview.isError) return <p role="alert">{PREVIEW_TEXTS.previewFailed}</p>;
  return <DeletionCost preview={preview.data} contact={contact} />;
}
