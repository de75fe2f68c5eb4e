// A lesson report as a family reads it on /previous-bookings (docs/decisions/079): what the
// lesson covered, the homework and resources, and the tutor's note about this child only (the
// service sends no other child's note). "Corrected" when the tutor sent it again.
import { Badge } from '@radix-ui/themes';
import type { ChildLessonReport } from '@tuition/api-contract';
import { formatLondonDate } from '@tuition/domain';

/** "Sent by Ms Rivera on Wednesday 2 December 2026", leaving out what is unknown. */
export function sentByLine(report: Pick<ChildLessonReport, 'tutorName' | 'sentAt'>): string {
  const at = new Date(report.sentAt);
  const on = Number.isNaN(at.getTime()) ? '' : ` on ${formatLondonDate(at)}`;
  return report.tutorName ? `Sent by ${report.tutorName}${on}` : `Sent${on}`;
}

export function LessonReportCard({
  report,
  pupilName,
  headingLevel: Heading = 'h3',
}: {
  report: ChildLessonReport;
  pupilName: string;
  headingLevel?: 'h3' | 'h4';
}) {
  return (
    <section className="lesson-report">
      <div className="lesson-report__head">
        <Heading className="lesson-report__title">Lesson report</Heading>
        {report.corrected && (
          <Badge color="blue" variant="soft" highContrast>
            Corrected
          </Badge>
        )}
      </div>
      <dl className="lesson-report__list">
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
        {report.note && (
          <>
            <dt>Tutor’s note about {pupilName}</dt>
            <dd>{report.note}</dd>
          </>
        )}
      </dl>
      <p className="lesson-report__tutor">{sentByLine(report)}</p>
    </section>
  );
}
