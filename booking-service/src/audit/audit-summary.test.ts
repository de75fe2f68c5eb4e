import { describe, expect, it } from 'vitest';
import { type AuditEntryFields, type AuditFacts, summariseAuditEntry } from './audit-summary.ts';

/* Every action's sentence (decision 073), from the entry and what its ids point at. */

const facts: AuditFacts = {
  bookings: new Map([
    ['b1', { pupilName: 'Maya', label: 'GCSE Higher', startsAt: new Date('2026-11-03T17:00:00Z') }],
  ]),
  sessions: new Map([
    ['s1', { label: 'A-Level', startsAt: new Date('2026-07-01T16:30:00Z') }],
    ['s2', { label: 'GCSE Higher', startsAt: new Date('2026-11-03T17:00:00Z') }],
  ]),
  classes: new Map([
    ['c1', { label: 'KS3', day: 'tue', startTime: '18:00' }],
    ['c2', { label: 'GCSE Higher', day: 'tue', startTime: '19:00' }],
  ]),
  users: new Map([
    ['u1', 'Ada Lovelace'],
    ['u2', 'Mr Patel'],
  ]),
  tutors: new Map([
    ['t1', 'Mr Patel'],
    ['t2', 'Ms Khan'],
  ]),
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

/* Tutors, who teaches what and lesson reports (docs/decisions/079). */
describe('a tutor entry in words', () => {
  const aboutTutor = (over: Partial<AuditEntryFields>) =>
    byAdmin({ subjectUserId: 'u2', target: 'tutor:t1', ...over });
  const byTutor = (over: Partial<AuditEntryFields>) =>
    byAdmin({ actorName: 'Mr Patel', actorRole: 'tutor', subjectUserId: null, ...over });

  it.each<[string, AuditEntryFields]>([
    [
      'Mr Patel invited as a tutor by Grace Admin',
      aboutTutor({ action: 'tutor.invite', after: { role: 'tutor' } }),
    ],
    [
      'Mr Patel deactivated as a tutor by Grace Admin',
      aboutTutor({ action: 'tutor.deactivate', after: { deactivated: true } }),
    ],
    [
      'Pay rates of Mr Patel set to £20.00 a session and £2.00 a pupil by Grace Admin',
      aboutTutor({
        action: 'tutor.rates',
        before: { perSessionPence: 0, perPupilPence: 0 },
        after: { perSessionPence: 2000, perPupilPence: 200 },
      }),
    ],
    [
      // Without the account, the tutor row still names them.
      'Pay rates of Mr Patel set to £0.00 a session and £1.50 a pupil by Grace Admin',
      aboutTutor({
        action: 'tutor.rates',
        subjectUserId: null,
        after: { perSessionPence: 0, perPupilPence: 150 },
      }),
    ],
    [
      '1-to-1 lessons of Mr Patel set to GCSE Foundation and A-Level at £30.00 an hour by Grace Admin',
      aboutTutor({
        action: 'tutor.one-to-one',
        after: { services: ['gcse', 'alevel'], ratePencePerHour: 3000 },
      }),
    ],
    [
      '1-to-1 lessons of Mr Patel turned off by Grace Admin',
      aboutTutor({ action: 'tutor.one-to-one', after: { services: [], ratePencePerHour: 3000 } }),
    ],
    [
      'A tutor no longer kept invited as a tutor by a former admin',
      aboutTutor({
        action: 'tutor.invite',
        actorName: null,
        subjectUserId: null,
        target: 'tutor:t9',
      }),
    ],
    [
      'Lead tutor of GCSE Higher, Tuesdays at 7:00 PM set to Mr Patel by Grace Admin',
      byAdmin({
        action: 'tutor.assign',
        subjectUserId: null,
        target: 'class:c2',
        before: { tutorId: null },
        after: { tutorId: 't1' },
      }),
    ],
    [
      'Lead tutor of GCSE Higher, Tuesdays at 7:00 PM set to Mr Patel (was Ms Khan) by Grace Admin',
      byAdmin({
        action: 'tutor.assign',
        subjectUserId: null,
        target: 'class:c2',
        before: { tutorId: 't2' },
        after: { tutorId: 't1' },
      }),
    ],
    [
      'Lead tutor of a class no longer on the timetable removed (was Mr Patel) by Grace Admin',
      byAdmin({
        action: 'tutor.assign',
        subjectUserId: null,
        target: 'class:gone',
        before: { tutorId: 't1' },
        after: { tutorId: null },
      }),
    ],
    [
      'Cover tutor for GCSE Higher, Tuesday 3 November 2026, 5:00 PM set to Mr Patel by Grace Admin',
      byAdmin({
        action: 'tutor.assign',
        subjectUserId: null,
        target: 'session:s2',
        before: { tutorId: null },
        after: { tutorId: 't1' },
      }),
    ],
    [
      'Cover tutor for GCSE Higher, Tuesday 3 November 2026, 5:00 PM removed (was Mr Patel) by ' +
        'Grace Admin',
      byAdmin({
        action: 'tutor.assign',
        subjectUserId: null,
        target: 'session:s2',
        before: { tutorId: 't1' },
        after: { tutorId: null },
      }),
    ],
    [
      'Cover tutor for a session no longer kept set to a tutor no longer kept by Grace Admin',
      byAdmin({
        action: 'tutor.assign',
        subjectUserId: null,
        target: 'session:gone',
        after: { tutorId: 't9' },
      }),
    ],
    [
      'Lesson report for GCSE Higher, Tuesday 3 November 2026, 5:00 PM sent by Mr Patel',
      byTutor({ action: 'report.send', target: 'session:s2', after: { version: 1 } }),
    ],
    [
      'Lesson report for GCSE Higher, Tuesday 3 November 2026, 5:00 PM correction sent by Mr Patel',
      byTutor({ action: 'report.send', target: 'session:s2', after: { version: 2 } }),
    ],
    [
      'Attendance marked Present for Maya (GCSE Higher, Tuesday 3 November 2026, 5:00 PM) by ' +
        'Mr Patel',
      byTutor({ action: 'attendance.mark', after: { attendance: 'present' } }),
    ],
    [
      'Lesson report for A-Level, Wednesday 1 July 2026, 5:30 PM sent by a former tutor',
      byTutor({
        action: 'report.send',
        actorName: null,
        target: 'session:s1',
        after: { version: 1 },
      }),
    ],
    [
      'Role of Mr Patel changed from customer to tutor by Grace Admin',
      aboutTutor({
        action: 'user.role-change',
        target: 'user:u2',
        before: { role: 'user' },
        after: { role: 'tutor' },
      }),
    ],
  ])('%s', (sentence, entry) => {
    expect(summariseAuditEntry(entry, facts)).toBe(sentence);
  });
});

/* Promotions (decision 082): the code is in the entry, so the sentence needs no lookup. */
describe('promotion entries in words', () => {
  const promo = (over: Partial<AuditEntryFields>) =>
    byAdmin({ subjectUserId: null, target: 'promo:p1', ...over });

  it.each<[string, AuditEntryFields]>([
    [
      'Promo code LEAFLET10 created by Grace Admin: 10% off',
      promo({ action: 'promo.create', after: { code: 'LEAFLET10', kind: 'percent', value: 10 } }),
    ],
    [
      'Promo code FIVER created by Grace Admin: £5.00 off',
      promo({ action: 'promo.create', after: { code: 'FIVER', kind: 'fixed', value: 500 } }),
    ],
    [
      'Promo code TRYUS created by Grace Admin: a free session',
      promo({ action: 'promo.create', after: { code: 'TRYUS', kind: 'free-session', value: 0 } }),
    ],
    [
      'Promo code LEAFLET20 changed by Grace Admin: renamed from LEAFLET10; now 20% off; ' +
        'switched off',
      promo({
        action: 'promo.update',
        before: { code: 'LEAFLET10', kind: 'percent', value: 10, active: true },
        after: { code: 'LEAFLET20', kind: 'percent', value: 20, active: false },
      }),
    ],
    [
      // 9 am UTC in January is 9 am in London; in July it would be 10 am.
      'Promo code LEAFLET10 changed by Grace Admin: usable from Monday 4 January 2027, ' +
        '9:00 AM; no end date; up to 100 uses in all; no limit per account; first lessons ' +
        'only; for GCSE Higher, KS3',
      promo({
        action: 'promo.update',
        before: { code: 'LEAFLET10' },
        after: {
          code: 'LEAFLET10',
          validFrom: '2027-01-04T09:00:00.000Z',
          validTo: null,
          maxRedemptions: 100,
          perAccountLimit: null,
          firstTimePupilsOnly: true,
          services: ['gcse-higher', 'ks3'],
        },
      }),
    ],
    [
      'Sibling discount set to 10% by Grace Admin',
      promo({
        action: 'discount.sibling',
        target: 'settings:sibling-percent',
        before: { percent: 0 },
        after: { percent: 10 },
      }),
    ],
    [
      'Sibling discount turned off by Grace Admin',
      promo({
        action: 'discount.sibling',
        target: 'settings:sibling-percent',
        before: { percent: 10 },
        after: { percent: 0 },
      }),
    ],
  ])('%s', (sentence, entry) => {
    expect(summariseAuditEntry(entry, facts)).toBe(sentence);
  });
});
