// The admin's calls about tutors (docs/decisions/079): invite, deactivate, rates, hours, and who
// teaches a weekly class (lead) or one session (cover). Answers are typed and, in development
// and tests, checked by @tuition/api-contract, as every admin call is (admin-api.ts).
import type {
  TutorInviteRequest,
  TutorOneToOneRequest,
  TutorRatesRequest,
} from '@tuition/api-contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { retryUnlessRefused } from './admin-format.ts';

export type {
  ClassTutor,
  PayLine,
  SessionTutor,
  Tutor,
  TutorHours,
  TutorOneToOne,
} from '@tuition/api-contract';

const id = encodeURIComponent;

/** The tutor list, shared by the Tutors panel and the lead and cover selects. */
export const TUTORS_KEY = ['admin', 'tutors'] as const;

/** Where a tutor's hours for a London month (YYYY-MM) download as CSV. */
export const tutorHoursCsvUrl = (tutorId: string, month: string) =>
  `/api/admin/tutors/${id(tutorId)}/hours?${new URLSearchParams({ month, format: 'csv' })}`;

export const tutorsApi = {
  list: () => apiFetch('/api/admin/tutors', 'TutorListSchema'),
  /** Creates the account and e-mails the tutor a link to choose a password. */
  invite: (invite: TutorInviteRequest) =>
    apiFetch('/api/admin/tutors', 'TutorCreatedSchema', { method: 'POST', json: invite }),
  /** Sign-in stops; their classes, reports and pay lines stay. */
  deactivate: (tutorId: string) =>
    apiFetch(`/api/admin/tutors/${id(tutorId)}`, 'TutorSchema', {
      method: 'DELETE',
      repeatable: true,
    }),
  setRates: (tutorId: string, rates: TutorRatesRequest) =>
    apiFetch(`/api/admin/tutors/${id(tutorId)}/rates`, 'TutorSchema', {
      method: 'PUT',
      json: rates,
      repeatable: true,
    }),
  hours: (tutorId: string, month: string) =>
    apiFetch(
      `/api/admin/tutors/${id(tutorId)}/hours?${new URLSearchParams({ month })}`,
      'TutorHoursSchema',
    ),
  /** Their 1-to-1 courses, rate, hours and calendar busy times (docs/decisions/104). */
  oneToOne: (tutorId: string) =>
    apiFetch(`/api/admin/tutors/${id(tutorId)}/one-to-one`, 'TutorOneToOneSchema'),
  /** No courses: they teach no 1-to-1. 400 names `services` or `ratePencePerHour`. */
  setOneToOne: (tutorId: string, settings: TutorOneToOneRequest) =>
    apiFetch(`/api/admin/tutors/${id(tutorId)}/one-to-one`, 'TutorOneToOneSchema', {
      method: 'PUT',
      json: settings,
      repeatable: true,
    }),
  /** The weekly class's lead tutor; null leaves it without one. */
  setClassTutor: (classId: string, tutorId: string | null) =>
    apiFetch(`/api/admin/classes/${id(classId)}/tutor`, 'ClassTutorSchema', {
      method: 'PUT',
      json: { tutorId },
      repeatable: true,
    }),
  /** One session's cover tutor; null gives it back to the class's lead. Families are e-mailed. */
  setSessionTutor: (sessionId: string, tutorId: string | null) =>
    apiFetch(`/api/admin/sessions/${id(sessionId)}/tutor`, 'SessionTutorSchema', {
      method: 'PUT',
      json: { tutorId },
    }),
} as const;

/** Every tutor, active or not, as the service lists them. */
export function useTutors() {
  return useQuery({ queryKey: TUTORS_KEY, queryFn: tutorsApi.list, retry: retryUnlessRefused });
}
