// The audit trail's words on the site (decision 073): the service writes each entry's sentence
// (`summary`); the site adds only when, in London time as the rest of the site writes it, and
// the actions in words for the audit page's filter.
import type { AuditAction, AuditActorRole } from '@tuition/api-contract';
import { formatLondonDate, formatTime12h } from '@tuition/domain';

/** "Tuesday 3 November 2026, 5:30 PM", London time. */
export function auditWhen(at: string): string {
  const instant = new Date(at);
  return `${formatLondonDate(instant)}, ${formatTime12h(instant)}`;
}

/** Each action in words, in the order the filter lists them. */
export const AUDIT_ACTION_WORDS: Record<AuditAction, string> = {
  'booking.cancel': 'Booking cancelled',
  'booking.reschedule': 'Booking moved',
  'attendance.mark': 'Attendance marked',
  'meeting-link.change': 'Meeting link changed',
  'credit.grant': 'Credit given',
  'report.send': 'Lesson report sent',
  'promo.create': 'Promo code created',
  'promo.update': 'Promo code changed',
  'discount.sibling': 'Sibling discount set',
  'tutor.assign': 'Tutor assigned',
  'tutor.invite': 'Tutor invited',
  'tutor.rates': 'Tutor pay rates set',
  'tutor.one-to-one': 'Tutor 1-to-1 lessons set',
  'tutor.deactivate': 'Tutor deactivated',
  'user.role-change': 'Role changed',
  'user.password-reset': 'Password-reset link sent',
  'user.password-set': 'Password set',
  'user.export': 'Data downloaded',
  'user.delete': 'Account deleted',
  // Lesson rooms and recordings (docs/decisions/098, 099).
  'room.open': 'Lesson room opened',
  'room.end': 'Lesson room ended',
  'recording.setting': 'Class recording set',
  'recording.consent': 'Recording consent changed',
  'recording.create': 'Lesson recorded',
  'recording.view': 'Recording watched',
  'recording.delete': 'Recording deleted',
  // A thin class's families moved to another session of it (docs/decisions/100).
  'session.merge': 'Session merged',
  // A class's minimum, and the sessions decided by it (docs/decisions/100).
  'class.minimum': 'Class minimum set',
  'session.decision': 'Session decided',
};

/** Who acted, in words, for the filter. */
export const AUDIT_ROLE_WORDS: Record<AuditActorRole, string> = {
  admin: 'Staff',
  customer: 'Customers',
  tutor: 'Tutors',
  system: 'The service',
};

export const auditQueryKey = (userId: string) => ['admin', 'audit', userId] as const;
