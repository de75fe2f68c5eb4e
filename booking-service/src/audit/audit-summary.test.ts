import { describe, expect, it } from 'vitest';
import { type AuditEntryFields, type AuditFacts, summariseAuditEntry } from './audit-summary.ts';

/* Every action's sentence (decision 073), from the entry and what its ids point at. */

const facts: AuditFacts = {
  bookings: new Map([
    ['b1', { pupilName: 'Maya', label: 'GCSE Higher', startsAt: new Date('2026-11-03T17:00:00Z') }],
  ]),
  sessions: new Map([['s1', { label: 'A-Level', startsAt: new Date('2026-07-01T16:30:00Z') }]]),
  classes: new Map([['c1', { label: 'KS3', day: 'tue', startTime: '18:00' }]]),
  users: new Map([['u1', 'Ada Lovelace']]),
};

const byAdmin = (over: Partial<AuditEntryFields>): AuditEntryFields => ({
  actorName: 'Grace Admin',
  actorRole: 'admin',
  subjectUserId: 'u1',
  action: 'booking.cancel',
  target: 'booking:b1',
  before: null,
  after: null,
  ...over,
});

describe('an audit entry in words', () => {
  it.each<[string, Partial<AuditEntryFields>]>([
    [
      'Password-reset link sent to Ada Lovelace by Grace Admin',
      { action: 'user.password-reset', target: 'user:u1', after: { resetLinkSent: true } },
    ],
    [
      'New password set for Ada Lovelace by Grace Admin',
      { action: 'user.password-set', target: 'user:u1', after: { passwordSet: true } },
    ],
    [
      'Data of Ada Lovelace downloaded by Grace Admin',
      { action: 'user.export', target: 'user:u1' },
    ],
    [
      'Account of Ada Lovelace deleted by the customer',
      {
        action: 'user.delete',
        actorRole: 'customer',
        target: 'user:u1',
        after: { deleted: true, cancelledBookings: 0 },
      },
    ],
    [
      'Meeting link for KS3, Tuesdays at 6:00 PM set (meet.example) by Grace Admin',
      {
        action: 'meeting-link.change',
        subjectUserId: null,
        target: 'class:c1',
        after: { hasLink: true, host: 'meet.example' },
      },
    ],
    [
      // British Summer Time: 16:30 UTC is 5:30 PM in London.
      'Meeting link for A-Level, Wednesday 1 July 2026, 5:30 PM removed by Grace Admin',
      {
        action: 'meeting-link.change',
        subjectUserId: null,
        target: 'session:s1',
        after: { hasLink: false },
      },
    ],
    [
      'Attendance marked Late (was Absent) for Maya (GCSE Higher, Tuesday 3 November 2026, ' +
        '5:00 PM) by Grace Admin',
      {
        action: 'attendance.mark',
        before: { attendance: 'absent' },
        after: { attendance: 'late' },
      },
    ],
    [
      'Role of an account no longer kept changed from admin to customer by a former admin',
      {
        action: 'user.role-change',
        actorName: null,
        subjectUserId: 'gone',
        target: 'user:gone',
        before: { role: 'admin' },
        after: { role: 'user' },
      },
    ],
    [
      'A booking no longer kept cancelled by the service',
      { actorRole: 'system', actorName: null, target: 'booking:purged' },
    ],
  ])('%s', (sentence, entry) => {
    expect(summariseAuditEntry(byAdmin(entry), facts)).toBe(sentence);
  });
});
