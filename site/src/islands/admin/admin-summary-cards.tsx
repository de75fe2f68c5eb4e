import { Card, Skeleton, Text } from '@radix-ui/themes';
import { type MouseEvent, memo, type ReactNode } from 'react';
import type { AdminSummary } from './admin-api.ts';
import { pounds } from './admin-format.ts';

/** Where the at-risk figure leads: the sessions overview on its At risk list. */
export const AT_RISK_HREF = '/admin?sessions=at-risk#sessions-overview';

function SummaryCard({
  title,
  value,
  counts,
  children,
}: {
  title: string;
  value: string | undefined;
  /** What the figure counts, in words (decision 054: one meaning per figure). */
  counts?: string | undefined;
  /** A link under the figure. */
  children?: ReactNode;
}) {
  return (
    <Card size="2" className="admin-summary-card">
      <Text as="p" size="2" color="gray" className="admin-summary-card__title">
        {title}
      </Text>
      {value === undefined ? (
        <Skeleton>
          <Text size="7">0000</Text>
        </Skeleton>
      ) : (
        <Text as="p" size="7" weight="bold" className="admin-summary-card__value">
          {value}
        </Text>
      )}
      {counts && (
        <Text as="p" size="1" color="gray" className="admin-summary-card__counts">
          {counts}
        </Text>
      )}
      {children}
    </Card>
  );
}

/**
 * The summary figures; without a summary yet, their frames with placeholders. Memoised, as the
 * charts are (docs/decisions/084).
 */
export const SummaryCards = memo(function SummaryCards({
  summary: s,
  onShowAtRisk,
}: {
  summary: AdminSummary | undefined;
  /** Shows the At risk list in place; without it the link loads the page on that list. */
  onShowAtRisk?: (() => void) | undefined;
}) {
  const showAtRisk = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onShowAtRisk || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    onShowAtRisk();
  };
  return (
    <section aria-label="Summary" className="admin-summary">
      <SummaryCard title="Total Users" value={s && String(s.totalUsers)} />
      <SummaryCard
        title="Total Bookings"
        value={s && String(s.totalBookings)}
        counts="Confirmed seats, held and upcoming; cancelled and moved not counted"
      />
      <SummaryCard
        title="Upcoming Sessions"
        value={s && String(s.upcomingSessions)}
        counts="Sessions ahead with at least one confirmed seat"
      />
      <SummaryCard
        title="Sessions at Risk"
        value={s && String(s.atRiskSessions)}
        counts="Next 7 days, fewer pupils than their class's minimum, not yet decided"
      >
        {s && s.atRiskSessions > 0 && (
          <Text as="p" size="2" mt="1">
            <a href={AT_RISK_HREF} onClick={showAtRisk}>
              Review sessions at risk
            </a>
          </Text>
        )}
      </SummaryCard>
      {/* Before refunds, with the refunds beside it; Cash Received is the net
          (docs/product-rules.md "Admin figures"). */}
      <SummaryCard
        title="Payments Taken"
        value={s && pounds(s.totalRevenuePence)}
        counts={
          s &&
          `Card payments, packs included, before refunds: ${pounds(s.refundedPence)} refunded since`
        }
      />
      <SummaryCard
        title="Cash Received"
        value={s && pounds(s.cashReceivedPence)}
        counts="Payments taken less refunds"
      />
      <SummaryCard
        title="Revenue Delivered"
        value={s && pounds(s.revenueDeliveredPence)}
        counts="Cash received less what is still owed: seats to come and unused credit (a deleted account's is forfeited)"
      />
      <SummaryCard
        title="Credit Outstanding"
        value={s && pounds(s.creditOutstandingPence)}
        counts={
          s &&
          `${s.creditOutstandingSessions} ${s.creditOutstandingSessions === 1 ? 'session' : 'sessions'} families can still book, at what they paid (a deleted account's credit is forfeited)`
        }
      />
    </section>
  );
});
