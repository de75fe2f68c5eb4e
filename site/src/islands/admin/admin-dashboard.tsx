// /admin (docs/product-rules.md#pages): the summary cards (with the sessions at risk of their
// class's minimum, linking to that list, docs/decisions/100), the bookings and revenue charts, the
// Sessions Overview, Classes, User Management, Tutors (docs/decisions/079) and Promotions
// (docs/decisions/082). Admins only: anyone else is sent to / (the API refuses them anyway).
import { Card, Heading, Text } from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  type ReactNode,
  type RefObject,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { SessionFilter } from './admin-api.ts';
import { ChartsFigures, SummaryFigures, summaryQuery } from './admin-figures.tsx';
import { SummaryCards } from './admin-summary-cards.tsx';
import { AdminGate } from './admin-gate.tsx';
import { AppProviders } from '../shared/app-providers.tsx';
import './admin.css';

// The sections below the figures and charts are chunks of their own, fetched and compiled as they
// are mounted (useStagedSections), not before the first screen shows.
const AdminSessions = lazy(() =>
  import('./admin-sessions.tsx').then(({ AdminSessions }) => ({ default: AdminSessions })),
);
const AdminClasses = lazy(() =>
  import('./admin-classes.tsx').then(({ AdminClasses }) => ({ default: AdminClasses })),
);
const AdminUsers = lazy(() =>
  import('./admin-users.tsx').then(({ AdminUsers }) => ({ default: AdminUsers })),
);
const AdminTutors = lazy(() =>
  import('./admin-tutors.tsx').then(({ AdminTutors }) => ({ default: AdminTutors })),
);
const AdminPromotions = lazy(() =>
  import('./admin-promotions.tsx').then(({ AdminPromotions }) => ({ default: AdminPromotions })),
);

export interface AdminDashboardProps {
  /** Leaves the page; tests replace it. */
  navigate?: (url: string) => void;
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

/** What an admin does first with keyboard, pointer or wheel: from then on the page is in use. */
const FIRST_USE_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/**
 * Whether the admin has started using the page (a key, a tap, a click, the wheel). From then on
 * every section is drawn at once: someone tabbing through the page meets each section in turn
 * instead of skipping the ones not drawn yet. Set in a transition, so the sections' chunks and
 * first renders never hold up the key or tap.
 */
function useFirstUse(): boolean {
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (used) return;
    const use = () => startTransition(() => setUsed(true));
    for (const type of FIRST_USE_EVENTS) {
      window.addEventListener(type, use, { once: true, passive: true, capture: true });
    }
    return () => {
      for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, use, true);
    };
  }, [used]);
  return used;
}

/**
 * How many of the sections below the figures are mounted. They come one at a time, each once the
 * admin data asked for so far has arrived: each section's first render with its data is then a
 * task of its own instead of one long task when every answer lands together (which blocked the
 * page for ~300 ms on a throttled phone, Lighthouse TBT). Those sections are below the fold on a
 * phone; on a desktop each follows the one above it by one request.
 */
function useStagedSections(count: number): number {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= count) return;
    let timer: ReturnType<typeof setTimeout>;
    // A slow or retrying answer holds the next section back for a second at most.
    const giveUpAt = Date.now() + 1000;
    const next = () => {
      if (queryClient.isFetching({ queryKey: ['admin'] }) > 0 && Date.now() < giveUpAt) {
        timer = setTimeout(next, 30);
        return;
      }
      startTransition(() => setShown((n) => n + 1));
    };
    timer = setTimeout(next, 0);
    return () => clearTimeout(timer);
  }, [shown, count, queryClient]);
  return shown;
}

/**
 * Whether the element has come within a quarter of a screen below the viewport, or the page has
 * been scrolled past it (it stays true once it has). Browsers without IntersectionObserver count
 * everything as near.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // Near, or already scrolled past (a jump to a section further down). In a transition,
        // like a first use.
        if (entries.some((e) => e.isIntersecting || e.boundingClientRect.bottom < 0)) {
          startTransition(() => setNear(true));
        }
      },
      { rootMargin: '0px 0px 25% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

/**
 * A section's frame (its heading) until its content is mounted. "Loading…" in words, without a
 * spinner: five frames of eight animated leaves each made the style pass after the figures
 * arrived a long task of its own (docs/decisions/084).
 */
function SectionFrame({ heading }: { heading: string }) {
  return (
    <Card size="3" className="admin-section admin-section--pending">
      <Heading as="h2" size="5" mb="4">
        {heading}
      </Heading>
      <Text as="p" color="gray" role="status">
        Loading…
      </Text>
    </Card>
  );
}

/**
 * A section below the first screen: its frame until it is its turn (`ready`) and the admin has
 * scrolled near it, or at once once the admin uses the page (`inUse`); then its chunk, its data
 * and its content. On a phone only the figures and charts are drawn as the page loads.
 */
function WhenNear({
  heading,
  ready,
  inUse,
  children,
}: {
  heading: string;
  ready: boolean;
  inUse: boolean;
  children: ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearViewport(frame);
  if (inUse || (ready && near)) {
    return <Suspense fallback={<SectionFrame heading={heading} />}>{children}</Suspense>;
  }
  return (
    <div ref={frame}>
      <SectionFrame heading={heading} />
    </div>
  );
}

/** The sessions list the page was opened on: ?sessions=at-risk (the summary's link), else upcoming. */
function sessionsFilterOfPage(): SessionFilter {
  if (typeof window === 'undefined') return 'upcoming';
  return new URLSearchParams(window.location.search).get('sessions') === 'at-risk'
    ? 'at-risk'
    : 'upcoming';
}

/**
 * The sessions overview with the summary's two counts. It reads the summary's answer without asking
 * again: the figures above asked for it when the page loaded.
 */
function SessionsWithCounts({
  filter,
  onFilterChange,
}: {
  filter: SessionFilter;
  onFilterChange: (filter: SessionFilter) => void;
}) {
  const { data: s } = useQuery({ ...summaryQuery, refetchOnMount: false, retryOnMount: false });
  return (
    <AdminSessions
      upcomingCount={s?.upcomingSessions}
      atRiskCount={s?.atRiskSessions}
      filter={filter}
      onFilterChange={onFilterChange}
    />
  );
}

/**
 * The dashboard reads no answer itself: the figures, the charts and each section read their own,
 * so an answer re-renders only the part that shows it, never the whole page (docs/decisions/119).
 */
function DashboardContent({ navigate }: { navigate: (url: string) => void }) {
  const shown = useStagedSections(5);
  const inUse = useFirstUse();
  const [sessionsFilter, setSessionsFilter] = useState<SessionFilter>(sessionsFilterOfPage);
  const sessionsRef = useRef<HTMLDivElement>(null);
  // The summary's at-risk link: the list in place, and the keyboard taken to it.
  const showAtRisk = useCallback(() => {
    setSessionsFilter('at-risk');
    sessionsRef.current?.focus();
  }, []);
  return (
    <div className="admin">
      <SummaryFigures onShowAtRisk={showAtRisk} />
      <ChartsFigures />

      <div id="sessions-overview" ref={sessionsRef} tabIndex={-1} className="admin-anchor">
        <WhenNear heading="Sessions Overview" ready={shown >= 1} inUse={inUse}>
          <SessionsWithCounts filter={sessionsFilter} onFilterChange={setSessionsFilter} />
        </WhenNear>
      </div>
      <WhenNear heading="Classes" ready={shown >= 2} inUse={inUse}>
        <AdminClasses />
      </WhenNear>
      <WhenNear heading="User Management" ready={shown >= 3} inUse={inUse}>
        <AdminUsers navigate={navigate} />
      </WhenNear>
      {/* Even once the page is in use, Tutors waits for its turn: drawn before the sections
          above it, it would take the keyboard past them while they load. */}
      <WhenNear heading="Tutors" ready={shown >= 4} inUse={inUse && shown >= 4}>
        <AdminTutors />
      </WhenNear>
      {/* Last, as Tutors: it waits its turn even once the page is in use (docs/decisions/082). */}
      <WhenNear heading="Promotions" ready={shown >= 5} inUse={inUse && shown >= 5}>
        <AdminPromotions />
      </WhenNear>
      <Text as="p">
        <a href="/admin/audit">Audit trail: every staff action and customer change</a>
      </Text>
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
