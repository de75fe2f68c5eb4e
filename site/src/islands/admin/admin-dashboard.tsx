// /admin (docs/product-rules.md#pages): four summary cards, the bookings and revenue charts, the
// Sessions Overview and User Management. Admins only: anyone else is sent to / (the API refuses
// them anyway).
import { Card, Heading, Skeleton, Text } from '@radix-ui/themes';
import { MESSAGES } from '@tuition/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type AdminSummary, adminApi } from './admin-api.ts';
import { AdminCharts } from './admin-charts.tsx';
import { AdminClasses } from './admin-classes.tsx';
import { adminLoadFailure, pounds, retryUnlessRefused } from './admin-format.ts';
import { AdminGate } from './admin-gate.tsx';
import { AdminSessions } from './admin-sessions.tsx';
import { AdminUsers } from './admin-users.tsx';
import { AppProviders, toastError } from '../shared/app-providers.tsx';
import './admin.css';

export interface AdminDashboardProps {
  /** Leaves the page; tests replace it. */
  navigate?: (url: string) => void;
}

function SummaryCard({
  title,
  value,
  counts,
}: {
  title: string;
  value: string | undefined;
  /** What the figure counts, in words (decision 054: one meaning per figure). */
  counts?: string;
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
    </Card>
  );
}

/** The four figures; without a summary yet, their frames with placeholders. */
function SummaryCards({ summary: s }: { summary: AdminSummary | undefined }) {
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
      <SummaryCard title="Total Revenue" value={s && pounds(s.totalRevenuePence)} />
    </section>
  );
}

/**
 * What the page shows while the role is checked, and what the server renders: the figures'
 * frames. They hold the largest text of the first screen, so it paints with the HTML instead of
 * after the scripts and the session call (it was the late LCP element).
 */
function DashboardFrame() {
  return (
    <div className="admin">
      <SummaryCards summary={undefined} />
    </div>
  );
}

function DashboardContent({ navigate }: { navigate: (url: string) => void }) {
  const summary = useQuery({
    queryKey: ['admin', 'summary'],
    queryFn: adminApi.summary,
    retry: retryUnlessRefused,
  });
  const stats = useQuery({
    queryKey: ['admin', 'stats'],
    queryFn: adminApi.stats,
    retry: retryUnlessRefused,
  });

  useEffect(() => {
    if (summary.isError) {
      console.error('Failed to load the summary', summary.error);
      toastError(adminLoadFailure(summary.error, MESSAGES.usersLoadFailed));
    }
  }, [summary.isError, summary.error]);

  const s = summary.data;
  return (
    <div className="admin">
      <SummaryCards summary={summary.data} />

      <Card size="3" className="admin-section">
        <Heading as="h2" size="5" mb="3">
          Bookings and Revenue
        </Heading>
        {stats.data ? (
          <AdminCharts stats={stats.data} />
        ) : stats.isError ? (
          <Text color="red">Failed to load the charts.</Text>
        ) : (
          <Skeleton height="200px" />
        )}
      </Card>

      <AdminSessions upcomingCount={s?.upcomingSessions} />
      <AdminClasses />
      <AdminUsers navigate={navigate} />
    </div>
  );
}

export function AdminDashboard({ navigate }: AdminDashboardProps) {
  return (
    <AppProviders>
      <AdminGate redirectTo="/" checking={<DashboardFrame />} {...(navigate ? { navigate } : {})}>
        <DashboardContent navigate={navigate ?? ((url) => window.location.assign(url))} />
      </AdminGate>
    </AppProviders>
  );
}

export default AdminDashboard;
