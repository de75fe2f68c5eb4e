/**
 * The courses (services) and subjects the business offers. Service codes are the ids used in
 * URLs (`/booking?service=`, `/course-timeline/{id}`), in the timetable and in the database,
 * so they are defined once here. See docs/decisions/006 for `gcse` vs `gcse-higher`.
 */

export const SERVICE_CODES = ['sats', 'ks3', 'gcse', 'gcse-higher', 'aslevel', 'alevel'] as const;
export type ServiceCode = (typeof SERVICE_CODES)[number];

export function isServiceCode(x: unknown): x is ServiceCode {
  return typeof x === 'string' && (SERVICE_CODES as readonly string[]).includes(x);
}

export interface Service {
  code: ServiceCode;
  label: string;
  years: string;
  subject: 'mathematics';
}

export const SERVICES = {
  sats: { code: 'sats', label: 'SATs', years: 'Year 6', subject: 'mathematics' },
  ks3: { code: 'ks3', label: 'KS3', years: 'Years 7-8', subject: 'mathematics' },
  gcse: { code: 'gcse', label: 'GCSE Foundation', years: 'Years 9-11', subject: 'mathematics' },
  'gcse-higher': {
    code: 'gcse-higher',
    label: 'GCSE Higher',
    years: 'Years 9-11',
    subject: 'mathematics',
  },
  aslevel: { code: 'aslevel', label: 'AS Level', years: 'Year 12', subject: 'mathematics' },
  alevel: { code: 'alevel', label: 'A-Level', years: 'Year 13', subject: 'mathematics' },
} as const satisfies Record<ServiceCode, Service>;

export const SUBJECT_CODES = ['mathematics', 'english', 'science'] as const;
export type SubjectCode = (typeof SUBJECT_CODES)[number];

export interface Subject {
  code: SubjectCode;
  title: string;
  available: boolean;
}

// English and Science are listed as "coming soon" and cannot be chosen
// (docs/product-rules.md#courses-and-services).
export const SUBJECTS = {
  mathematics: { code: 'mathematics', title: 'Mathematics', available: true },
  english: { code: 'english', title: 'English', available: false },
  science: { code: 'science', title: 'Science', available: false },
} as const satisfies Record<SubjectCode, Subject>;

export function isSubjectCode(x: unknown): x is SubjectCode {
  return typeof x === 'string' && (SUBJECT_CODES as readonly string[]).includes(x);
}

/** Subjects a visitor may actually pick in the booking flow. */
export function isSubjectAvailable(code: SubjectCode): boolean {
  return SUBJECTS[code].available;
}

/**
 * Reads `?service=` of /booking. Links are typed by people and copied around, so surrounding
 * spaces and letter case are forgiven; anything that is not one of the six codes preselects
 * nothing.
 */
export function serviceFromQuery(q: string | null | undefined): ServiceCode | undefined {
  if (typeof q !== 'string') return undefined;
  const normalised = q.trim().toLowerCase();
  return isServiceCode(normalised) ? normalised : undefined;
}
