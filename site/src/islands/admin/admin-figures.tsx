// /admin's first screen: the summary figures and the charts, each reading its own answer, so an
// answer re-renders only its own part of the dashboard (docs/decisions/119).
import { Card, Heading, Text } from '@radix-ui/themes';
import { MESSAGES } from '@tuition/domain';
import { useQuery } from '@tanstack/react-query';
import { memo, startTransition, useEffect, useState } from 'react';
import { adminApi } from './admin-api.ts';
import { AdminCharts } from './admin-charts.tsx';
import { adminLoadFailure, retryUnlessRefused } from './admin-format.ts';
import { SummaryCards } from './admin-summary-cards.tsx';
import { useErrorToast } from '../shared/use-error-toast.ts';

/** The summary's query; the sessions overview reads its two counts from the same answer. */
export const summaryQuery = {
  queryKey: ['admin', 'summary'],
  queryFn: adminApi.summary,
  retry: retryUnlessRefused,
} as const;

/**
 * The summary figures, re-rendered alone when the summary's answer arrives. That render is not
 * sliced (an answer reaches React through `useSyncExternalStore`), so it is kept to the eight
 * cards: before, it was the whole dashboard (docs/decisions/119).
 */
export const SummaryFigures = memo(function SummaryFigures({
  onShowAtRisk,
}: {
  onShowAtRisk: () => void;
}) {
  const summary = useQuery(summaryQuery);
  useErrorToast(summary.isError, (error) => adminLoadFailure(error, MESSAGES.usersLoadFailed), {
    error: summary.error,
    logAs: 'Failed to load the summary',
  });
  return <SummaryCards summary={summary.data} onShowAtRisk={onShowAtRisk} />;
});

/**
 * `value` once the page has next been idle after it changed (at most half a second later), set in a
 * transition. The two answers land together: the charts' layout and paint then shared a frame
 * with the figures', ~20 ms of CPU, ~80 ms on Lighthouse's phone. Waiting for idle time puts the
 * charts in a frame of their own after the figures' (docs/decisions/119).
 */
function useValueWhenIdle<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const settle = () => startTransition(() => setSettled(value));
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(settle, { timeout: 500 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(settle, 0);
    return () => clearTimeout(id);
  }, [value]);
  return settled;
}

/** The bookings and revenue charts, drawn deferred too (`AdminCharts`, decision 078). */
export const ChartsFigures = memo(function ChartsFigures() {
  const stats = useQuery({
    queryKey: ['admin', 'stats'],
    queryFn: adminApi.stats,
    retry: retryUnlessRefused,
  });
  const drawn = useValueWhenIdle(stats.data);
  return (
    <Card size="3" className="admin-section">
      <Heading as="h2" size="5" mb="3">
        Bookings and Revenue
      </Heading>
      {stats.isError && !stats.data ? (
        <Text color="red">Failed to load the charts.</Text>
      ) : (
        <AdminCharts stats={drawn} />
      )}
    </Card>
  );
});
