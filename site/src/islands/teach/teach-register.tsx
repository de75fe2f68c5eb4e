// /teach/session?id=… (docs/decisions/079): one session a tutor teaches. Its date, class and
// host link, or the lesson's own room where the business uses rooms (docs/decisions/098); the
// register; the class's last sent report (what a cover tutor picks up from); and this lesson's
// report. A session the tutor does not teach reads as not found, as the service answers 404.
import { formatLondonDate } from '@tuition/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AppProviders } from '../shared/app-providers.tsx';
import { LoadFailed } from '../shared/load-shell.tsx';
import { LessonPanel, useTutorRoom } from './lesson-panel.tsx';
import { RegisterMarks } from './register-marks.tsx';
import { ReportForm } from './report-form.tsx';
import { RefusalNotice, useSignInRedirect } from './teach-access.tsx';
import { type LastReport, refusalOf, retryUnlessRefused, teachApi } from './teach-api.ts';
import { MeetingButton, SessionSummary } from './teach-session-card.tsx';
import { TeachSkeleton } from './teach-sessions.tsx';
import './teach.css';

export interface TeachRegisterProps {
  /** The session id; read from ?id= when not given. */
  sessionId?: string;
  navigate?: (url: string) => void;
}

/** The page is static, so the id arrives in the query string, read once mounted. */
function useSessionId(given: string | undefined): string | null | undefined {
  const [id, setId] = useState<string | null | undefined>(given);
  useEffect(() => {
    if (given === undefined) setId(new URLSearchParams(window.location.search).get('id'));
  }, [given]);
  return id;
}

export function TeachRegisterContent({ sessionId, navigate }: TeachRegisterProps) {
  const id = useSessionId(sessionId);
  const register = useQuery({
    queryKey: ['teach', 'register', id],
    queryFn: () => teachApi.register(id ?? ''),
    enabled: Boolean(id),
    retry: retryUnlessRefused,
  });
  // With a room of its own, the session's standing meeting link is only the fallback.
  const provider = useTutorRoom(id).data?.provider;
  const refusal = id === null ? 'not-found' : refusalOf(register.error);
  useSignInRedirect(refusal, navigate);
  if (refusal) return <RefusalNotice refusal={refusal} />;
  if (id === undefined || register.isPending) return <TeachSkeleton count={1} />;
  if (register.isError) {
    return (
      <LoadFailed
        text="This session could not be loaded."
        onRetry={() => void register.refetch()}
      />
    );
  }
  const data = register.data;
  return (
    <div className="teach teach--one-session">
      <a className="teach__back" href="/teach">
        ← Your sessions
      </a>
      <div className="teach-card card">
        <SessionSummary session={data.session} />
        {(provider === undefined || provider === 'link') && (
          <div className="teach-card__actions">
            <MeetingButton session={data.session} />
          </div>
        )}
      </div>
      <LessonPanel session={data.session} />
      <RegisterMarks register={data} />
      {data.lastReport && <LastReportPanel report={data.lastReport} />}
      <ReportForm register={data} />
    </div>
  );
}

/** The class's previous report, so whoever teaches now knows where the class got to. */
export function LastReportPanel({ report }: { report: LastReport }) {
  const when = new Date(report.startsAt);
  return (
    <section className="teach-section teach-last card" aria-labelledby="last-report-heading">
      <h2 id="last-report-heading">Last lesson’s report</h2>
      <p className="teach-section__note">
        {Number.isNaN(when.getTime()) ? '' : formatLondonDate(when)}
        {report.tutorName ? ` · ${report.tutorName}` : ''}
      </p>
      <dl className="teach-last__list">
        <dt>Topic</dt>
        <dd>{report.topic}</dd>
        <dt>Homework</dt>
        <dd>{report.homework || 'None set'}</dd>
        {report.resources && (
          <>
            <dt>Resources</dt>
            <dd>{report.resources}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

export function TeachRegister({
  queryClient,
  ...props
}: TeachRegisterProps & { queryClient?: QueryClient }) {
  return (
    <AppProviders {...(queryClient ? { queryClient } : {})}>
      <TeachRegisterContent {...props} />
    </AppProviders>
  );
}

export default TeachRegister;
