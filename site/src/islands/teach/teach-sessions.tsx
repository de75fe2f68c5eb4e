// /teach (docs/decisions/079): the sessions a tutor teaches, their own classes and those they
// cover, upcoming or previous. Each card leads to the session's register and report. Signed out:
// sent to /login; anyone but a tutor: told the page is not for them (teach-access.tsx).
import { SegmentedControl } from '@radix-ui/themes';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AppProviders } from '../shared/app-providers.tsx';
import { LoadFailed } from '../shared/load-shell.tsx';
import { RefusalNotice, useSignInRedirect } from './teach-access.tsx';
import {
  refusalOf,
  retryUnlessRefused,
  type TeachScope,
  type TutorSession,
  teachApi,
} from './teach-api.ts';
import { TeachSessionCard } from './teach-session-card.tsx';
import './teach.css';

export interface TeachSessionsProps {
  /** Where a signed-out visitor is sent (a stand-in in tests). */
  navigate?: (url: string) => void;
}

const EMPTY: Record<TeachScope, string> = {
  upcoming: 'No upcoming sessions. Sessions appear here once a family books one of your classes.',
  previous: 'No previous sessions in your lists yet.',
};

export function TeachSessionsContent({ navigate }: TeachSessionsProps) {
  const [scope, setScope] = useState<TeachScope>('upcoming');
  const sessions = useQuery({
    queryKey: ['teach', 'sessions', scope],
    queryFn: () => teachApi.sessions(scope),
    retry: retryUnlessRefused,
  });
  // A 404 here is no session being refused: the list itself failed to load.
  const refused = refusalOf(sessions.error);
  const refusal = refused === 'not-found' ? undefined : refused;
  useSignInRedirect(refusal, navigate);
  if (refusal) return <RefusalNotice refusal={refusal} />;
  return (
    <div className="teach">
      <SegmentedControl.Root
        value={scope}
        onValueChange={(value) => setScope(value as TeachScope)}
        aria-label="Which sessions"
        className="teach__scope"
      >
        <SegmentedControl.Item value="upcoming">Upcoming</SegmentedControl.Item>
        <SegmentedControl.Item value="previous">Previous</SegmentedControl.Item>
      </SegmentedControl.Root>
      {sessions.isPending ? (
        <TeachSkeleton />
      ) : sessions.isError ? (
        <LoadFailed
          text="Your sessions could not be loaded."
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <SessionList sessions={sessions.data.sessions} scope={scope} />
      )}
    </div>
  );
}

function SessionList({ sessions, scope }: { sessions: TutorSession[]; scope: TeachScope }) {
  if (sessions.length === 0) {
    return (
      <p className="teach__empty card" role="status">
        {EMPTY[scope]}
      </p>
    );
  }
  return (
    <>
      <p className="teach__count" role="status">
        {sessions.length} {scope} {sessions.length === 1 ? 'session' : 'sessions'}
      </p>
      <ul className="teach__list">
        {sessions.map((session) => (
          <TeachSessionCard key={session.id} session={session} />
        ))}
      </ul>
    </>
  );
}

/** Grey placeholders while the list loads. */
export function TeachSkeleton({ count = 2 }: { count?: number }) {
  return (
    <ul className="teach__list" aria-busy="true" aria-label="Loading your sessions">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className="teach-card card teach-card--skeleton" aria-hidden="true" />
      ))}
    </ul>
  );
}

export function TeachSessions({
  queryClient,
  ...props
}: TeachSessionsProps & { queryClient?: QueryClient }) {
  return (
    <AppProviders {...(queryClient ? { queryClient } : {})}>
      <TeachSessionsContent {...props} />
    </AppProviders>
  );
}

export default TeachSessions;
