// The lesson report form's state and calls (docs/decisions/079), apart from its markup: the
// fields, "Save draft" (the working copy, nothing sent), and "Send to families", which saves what
// is on screen first and then sends it, so families read exactly what the tutor sees. A report
// already sent can be changed and sent again: a correction.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  failureText,
  type LessonReport,
  type LessonReportRequest,
  type ReportSent,
  type TutorRegister,
  teachApi,
} from './teach-api.ts';
import { sentToLine } from './teach-words.ts';

export interface ReportFields {
  topic: string;
  homework: string;
  resources: string;
  staffNote: string;
  /** pupilId → the note about that pupil. */
  notes: Record<string, string>;
}

export function fieldsOf(register: TutorRegister): ReportFields {
  const report = register.report;
  const saved = new Map(report?.notes.map((n) => [n.pupilId, n.note]) ?? []);
  return {
    topic: report?.topic ?? '',
    homework: report?.homework ?? '',
    resources: report?.resources ?? '',
    staffNote: report?.staffNote ?? '',
    notes: Object.fromEntries(register.pupils.map((p) => [p.pupilId, saved.get(p.pupilId) ?? ''])),
  };
}

/** The request body: empty optional fields as null, only the notes that say something. */
export function requestOf(fields: ReportFields): LessonReportRequest {
  return {
    topic: fields.topic.trim(),
    homework: fields.homework.trim(),
    resources: fields.resources.trim() || null,
    staffNote: fields.staffNote.trim() || null,
    notes: Object.entries(fields.notes)
      .map(([pupilId, note]) => ({ pupilId, note: note.trim() }))
      .filter((n) => n.note !== ''),
  };
}

const TOPIC_REQUIRED = 'Enter the topic of the lesson.';

/** What the form says after an action: the outcome, or what went wrong. */
export type Outcome = { kind: 'saved' | 'sent'; text: string } | { kind: 'error'; text: string };

export function useReportForm(register: TutorRegister) {
  const sessionId = register.session.id;
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<ReportFields>(() => fieldsOf(register));
  const [report, setReport] = useState<LessonReport | null>(register.report);
  const [topicError, setTopicError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();

  /** The page's badge and the lists follow the report's new state. */
  const refresh = (state: 'draft' | 'sent') => {
    queryClient.setQueryData<TutorRegister>(
      ['teach', 'register', sessionId],
      (old) => old && { ...old, session: { ...old.session, report: state } },
    );
    void queryClient.invalidateQueries({ queryKey: ['teach', 'sessions'] });
  };
  const save = useMutation({
    mutationFn: () => teachApi.saveReport(sessionId, requestOf(fields)),
    onSuccess: (saved) => {
      setReport(saved);
      setOutcome({
        kind: 'saved',
        text: saved.sentAt
          ? 'Changes saved. Families still have the version sent before: send a correction to update it.'
          : 'Draft saved. Nothing has been sent to families.',
      });
      refresh(saved.sentAt ? 'sent' : 'draft');
    },
    onError: (error) =>
      setOutcome({ kind: 'error', text: failureText(error, 'The draft was not saved.') }),
  });
  const send = useMutation({
    mutationFn: async (): Promise<ReportSent> => {
      setReport(await teachApi.saveReport(sessionId, requestOf(fields)));
      return teachApi.sendReport(sessionId);
    },
    onSuccess: (sent) => {
      setReport(
        (r) => r && { ...r, sentAt: sent.sentAt, version: sent.version, changedSinceSent: false },
      );
      const line = sentToLine(sent.familiesEmailed);
      setOutcome({ kind: 'sent', text: sent.corrected ? `Correction sent. ${line}.` : `${line}.` });
      refresh('sent');
    },
    onError: (error) =>
      setOutcome({ kind: 'error', text: failureText(error, 'The report was not sent.') }),
  });

  /** The topic is the one field a report needs; true when the form may go ahead. */
  const checkTopic = (): boolean => {
    const missing = fields.topic.trim() === '';
    setTopicError(missing ? TOPIC_REQUIRED : undefined);
    if (missing) setOutcome({ kind: 'error', text: TOPIC_REQUIRED });
    return !missing;
  };

  return {
    fields,
    setField: (name: Exclude<keyof ReportFields, 'notes'>, value: string) =>
      setFields((f) => ({ ...f, [name]: value })),
    setNote: (pupilId: string, note: string) =>
      setFields((f) => ({ ...f, notes: { ...f.notes, [pupilId]: note } })),
    report,
    /** Sent before: the next send is a correction. */
    sentBefore: Boolean(report?.sentAt),
    topicError,
    outcome,
    busy: save.isPending || send.isPending,
    sending: send.isPending,
    saveDraft: () => {
      if (checkTopic()) save.mutate();
    },
    /** True when the form is complete enough to ask "send?". */
    readyToSend: checkTopic,
    sendNow: () =>
      send.mutateAsync().then(
        () => true,
        () => false,
      ),
  };
}
