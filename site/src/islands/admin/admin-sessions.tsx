// /admin Sessions Overview (docs/product-rules.md#pages): booked sessions, Upcoming (with their
// count), Today or Previous, by date or by bookings; each expands to its attendees, whose avatars
// open the user page, with their attendance marks, the session's own meeting link and the
// printable register (CSV) to download. An upcoming session can be cancelled for everyone with
// what the families get back (decision 077); one on a day closed since offers it beside the flag.
// Each names its tutor, and its panel chooses a cover tutor for that date (docs/decisions/079).
// At risk lists the sessions of the next 7 days short of their class's minimum, each with what
// an admin can do before the clock decides it (docs/decisions/100). A 1-to-1 lesson reads
// "1-to-1 · <tutor>" with its course, is never covered, and the list can show only lessons or
// only group sessions (docs/decisions/112); the choices are admin-session-controls.tsx.
import { Badge, Button, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { type Clock, formatLondonDate, systemClock } from '@tuition/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import {
  type AdminSession,
  adminApi,
  registerCsvUrl,
  type SessionFilter,
  type SessionKind,
  type SessionSort,
} from './admin-api.ts';
import { adminLoadFailure, retryUnlessRefused } from './admin-format.ts';
import { useErrorToast } from '../shared/use-error-toast.ts';
import { AdminSessionWaitlist, WaitingBadge } from '../shared/waitlist/admin-session-waitlist.tsx';
import { MeetingLinkBadge, SessionMeetingOverride } from './admin-session-lessons.tsx';
import { AttendeeList } from './admin-session-attendees.tsx';
import { SessionTutorForm } from './admin-tutor-assign.tsx';
import { AtRiskPanel, MinimumBadge } from './admin-session-minimum.tsx';
import { LoadMoreButton } from './admin-pager.tsx';
import { emptyText, SessionControls } from './admin-session-controls.tsx';
import {
  CancelClosedDay,
  CancelSessionButton,
  SessionCancelledNote,
} from './admin-session-cancel.tsx';

interface SessionItemProps {
  session: AdminSession;
  clock: Clock;
  /** In the At risk list: its minimum's standing, sisters and actions shown under the row. */
  atRisk: boolean;
  onCancelled: (summary: string) => void;
}

/** "1-to-1 · Sam Okafor": a tutor's own hour, named by its tutor rather than a class. */
export function oneToOneTitle(session: Pick<AdminSession, 'tutorName'>): string {
  return session.tutorName ? `1-to-1 · ${session.tutorName}` : '1-to-1 lesson';
}

function SessionItem({ session, clock, atRisk, onCancelled }: SessionItemProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const lesson = session.kind === 'one-to-one';
  const full = session.bookedCount >= session.capacity;
  const when = `${formatLondonDate(new Date(session.startsAt))}, ${session.time}`;
  const upcoming = Date.parse(session.startsAt) > clock.now().getTime();
  const cancel = {
    sessionId: session.id,
    sessionName: `${lesson ? `${oneToOneTitle(session)}, ${session.label}` : session.label}, ${when}`,
    bookedCount: session.bookedCount,
    onCancelled,
  };
  return (
    <li className={lesson ? 'admin-session admin-session--lesson' : 'admin-session'}>
      <div className="admin-session__row">
        <button
          type="button"
          className="admin-session__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="admin-session__chevron" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          <span className="admin-session__title">
            {lesson ? (
              <>
                <span className="admin-session__label admin-session__label--lesson">
                  {oneToOneTitle(session)}
                </span>
                <span className="admin-session__when">{when}</span>
                <span className="admin-session__tutor">{session.label}</span>
              </>
            ) : (
              <>
                <span className="admin-session__label">{session.label}</span>
                <span className="admin-session__when">{when}</span>
                {session.tutorName && (
                  <span className="admin-session__tutor">Tutor: {session.tutorName}</span>
                )}
              </>
            )}
          </span>
          <span className="admin-session__count">
            {session.bookedCount} / {session.capacity} booked
          </span>
        </button>
        <span className="admin-session__badges">
          {/* A lesson listed always has its one seat taken: "Full" would say nothing. */}
          {full && !lesson && <Badge color="orange">Full</Badge>}
          <MinimumBadge session={session} />
          <WaitingBadge count={session.waitingCount} />
          <MeetingLinkBadge missing={session.meetingLinkMissing} />
          {session.closedReason && (
            // A day closed after people booked it: flagged for staff, never cancelled by itself.
            <Badge color="red" title="Contact the families: these bookings were not cancelled">
              Closed — {session.closedReason}
            </Badge>
          )}
          {session.closedReason && upcoming && <CancelClosedDay {...cancel} />}
        </span>
      </div>
      {atRisk && <AtRiskPanel session={session} about={cancel.sessionName} />}
      {open && (
        <div id={panelId} className="admin-session__panel">
          {lesson ? (
            <Text as="p" size="2" className="admin-session__lesson-note">
              A 1-to-1 lesson is {session.tutorName ?? 'its tutor'}’s own hour, so it has no cover.
            </Text>
          ) : (
            <SessionTutorForm session={session} about={cancel.sessionName} />
          )}
          <AttendeeList sessionId={session.id} register={session.register} />
          <SessionMeetingOverride
            sessionId={session.id}
            sessionName={`${session.label}, ${formatLondonDate(new Date(session.startsAt))}`}
          />
          {/* One seat, its family's: nobody waits for a 1-to-1 lesson. */}
          {!lesson && <AdminSessionWaitlist sessionId={session.id} />}
          <a className="admin-session__register" href={registerCsvUrl(session.id)} download>
            Download register (CSV)
            <span className="visually-hidden">
              {' '}
              for {session.label}, {formatLondonDate(new Date(session.startsAt))}
            </span>
          </a>
          {upcoming && <CancelSessionButton {...cancel} />}
        </div>
      )}
    </li>
  );
}

const SESSIONS_LOAD_FAILED = { title: 'Error', description: 'Failed to load sessions.' };

/**
 * The chosen sessions, a page at a time (decision 075): a new filter or sort is a new query, so
 * it starts from the first page; invalidating ['admin', 'sessions'] refetches the pages shown.
 */
function useSessionPages(filter: SessionFilter, sort: SessionSort, kind: SessionKind | undefined) {
  const pages = useInfiniteQuery({
    queryKey: ['admin', 'sessions', filter, sort, kind ?? 'all'],
    queryFn: ({ pageParam }) => adminApi.sessions(filter, sort, pageParam, kind),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessRefused,
  });
  useErrorToast(pages.isError, (error) => adminLoadFailure(error, SESSIONS_LOAD_FAILED), {
    error: pages.error,
    logAs: 'Failed to load sessions',
  });
  return pages;
}

export function AdminSessions({
  upcomingCount,
  atRiskCount,
  filter: chosenFilter,
  onFilterChange,
  clock = systemClock,
}: {
  upcomingCount: number | undefined;
  /** Sessions short of their minimum (the summary's figure), on the At risk tab. */
  atRiskCount?: number | undefined;
  /** The list shown, when the page chooses it (the summary's at-risk link); else its own. */
  filter?: SessionFilter;
  onFilterChange?: (filter: SessionFilter) => void;
  /** What "upcoming" is measured against: a session that has started can no longer be cancelled. */
  clock?: Clock;
}) {
  const [cancelled, setCancelled] = useState<string>();
  const [ownFilter, setOwnFilter] = useState<SessionFilter>('upcoming');
  const filter = chosenFilter ?? ownFilter;
  const setFilter = (next: SessionFilter) => {
    setOwnFilter(next);
    onFilterChange?.(next);
  };
  const [sort, setSort] = useState<SessionSort>('date');
  const [kind, setKind] = useState<SessionKind>();
  const sessions = useSessionPages(filter, sort, kind);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = sessions.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card size="3" className="admin-section">
      <Flex justify="between" align="center" wrap="wrap" gap="3" mb="4">
        <Heading as="h2" size="5">
          Sessions Overview
        </Heading>
        <SessionControls
          upcomingCount={upcomingCount}
          atRiskCount={atRiskCount}
          filter={filter}
          sort={sort}
          kind={kind}
          onFilter={setFilter}
          onSort={setSort}
          onKind={setKind}
        />
      </Flex>
      {cancelled && (
        <SessionCancelledNote text={cancelled} onDismiss={() => setCancelled(undefined)} />
      )}
      {sessions.isPending ? (
        <Flex align="center" gap="2" role="status">
          <Spinner /> <Text color="gray">Loading sessions…</Text>
        </Flex>
      ) : sessions.isError && shown.length === 0 ? (
        <Flex align="center" gap="3">
          <Text color="red">Failed to load sessions.</Text>
          <Button variant="soft" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </Flex>
      ) : shown.length === 0 ? (
        <Text color="gray">{emptyText(filter, kind)}</Text>
      ) : (
        <>
          <ul className="admin-sessions" ref={listRef} aria-busy={sessions.isFetchingNextPage}>
            {shown.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                clock={clock}
                atRisk={filter === 'at-risk'}
                onCancelled={setCancelled}
              />
            ))}
          </ul>
          <LoadMoreButton
            what="sessions"
            hasMore={sessions.hasNextPage}
            loading={sessions.isFetchingNextPage}
            onLoadMore={() => void sessions.fetchNextPage()}
            listRef={listRef}
            itemSelector=".admin-session"
            focusSelector=".admin-session__toggle"
          />
        </>
      )}
    </Card>
  );
}
