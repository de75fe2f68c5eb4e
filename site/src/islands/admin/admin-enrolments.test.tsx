// Term enrolments for an admin (docs/decisions/083) against a stubbed service: a class's, opened
// from its row on the Classes panel, and a family's, on the user page; each grouped by term with
// the pupil, the family or the class, the sessions left and an open payment.
import type { AdminClass } from '@tuition/api-contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PromotionAnswer, stubPromotions } from '../../test-support/admin-promotions-stub.ts';
import { AppProviders, createQueryClient } from '../shared/app-providers.tsx';
import { AdminClasses } from './admin-classes.tsx';
import { UserEnrolments } from './admin-enrolments.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Enrolment = PromotionAnswer<'GET /api/admin/enrolments'>[number];
const enrolment = (id: string, extra: Partial<Enrolment> = {}): Enrolment => ({
  id,
  termId: 'spring-2027',
  termName: 'Spring 2027',
  classId: 'gcse-higher-tue-1900',
  service: 'gcse-higher',
  label: 'GCSE Higher, Tuesdays 7:00 PM',
  pupil: { id: `k-${id}`, name: 'Maya', yearGroup: 'y10' },
  status: 'paid',
  sessionsTotal: 12,
  sessionsLeft: 8,
  pricePencePerSession: 1000,
  family: { id: 'u1', name: 'Jo Parent', email: 'jo@example.com' },
  createdAt: '2026-12-01T10:00:00Z',
  ...extra,
});

const CLASS: AdminClass = {
  id: 'gcse-higher-tue-1900',
  service: 'gcse-higher',
  label: 'GCSE Higher',
  day: 'tue',
  startTime: '19:00',
  time: '7-8pm',
  meetingUrl: null,
  inTimetable: true,
  leadTutorId: null,
  leadTutorName: null,
};

function renderWithin(children: React.ReactNode) {
  render(<AppProviders queryClient={createQueryClient()}>{children}</AppProviders>);
}

describe('term enrolments', () => {
  it('lists a class’s enrolments by term once opened from its row', async () => {
    const sent = stubPromotions(
      {
        'GET /api/admin/enrolments': [
          enrolment('e1'),
          enrolment('e2', {
            pupil: { id: 'k2', name: 'Sam', yearGroup: null },
            status: 'pending',
            sessionsLeft: 12,
            family: { id: 'u2', name: 'Ali Carer', email: 'ali@example.com' },
          }),
          enrolment('e3', {
            termId: 'summer-2027',
            termName: 'Summer 2027',
            sessionsTotal: 1,
            sessionsLeft: 1,
          }),
        ],
      },
      { 'GET /api/admin/classes': { classes: [CLASS] } },
    );
    renderWithin(<AdminClasses />);
    const open = await screen.findByRole('button', { name: /^Term enrolments/ });
    // Nothing is asked for until the admin opens the list.
    expect(sent).toEqual([]);
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');

    const spring = (await screen.findByRole('heading', { name: 'Spring 2027' })).closest(
      'section',
    ) as HTMLElement;
    const [maya, sam] = within(spring).getAllByRole('listitem');
    expect(maya?.textContent).toContain('Maya (Year 10)');
    expect(maya?.textContent).toContain('Family: Jo Parent, jo@example.com');
    expect(maya?.textContent).toContain('8 of 12 sessions left');
    expect(maya?.textContent).not.toContain('Payment pending');
    expect(sam?.textContent).toContain('Sam (Year group not set)');
    expect(sam?.textContent).toContain('Payment pending');
    const summer = screen.getByRole('heading', { name: 'Summer 2027' }).closest('section');
    expect(summer?.textContent).toContain('1 of 1 session left');
    expect(sent.map((s) => `${s.url.pathname}${s.url.search}`)).toEqual([
      '/api/admin/enrolments?classId=gcse-higher-tue-1900',
    ]);
  });

  it('lists a family’s enrolments on the user page, naming each class', async () => {
    const sent = stubPromotions({
      'GET /api/admin/enrolments': [
        enrolment('e1'),
        enrolment('e4', {
          pupil: { id: 'k4', name: 'Maya', yearGroup: 'y10' },
          classId: 'alevel-thu-1700',
          service: 'alevel',
          label: 'A-Level, Thursdays 5 pm',
          sessionsLeft: 0,
        }),
      ],
    });
    renderWithin(<UserEnrolments userId="u1" />);
    const spring = (await screen.findByRole('heading', { name: 'Spring 2027' })).closest(
      'section',
    ) as HTMLElement;
    const items = within(spring).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Maya (Year 10)GCSE Higher, Tuesdays 7:00 PM8 of 12 sessions left',
      'Maya (Year 10)A-Level, Thursdays 5 pm0 of 12 sessions left',
    ]);
    expect(sent.map((s) => s.url.search)).toEqual(['?userId=u1']);
  });

  it('says so when a family has none', async () => {
    stubPromotions({ 'GET /api/admin/enrolments': [] });
    renderWithin(<UserEnrolments userId="u1" />);
    expect(await screen.findByText('No term enrolments.')).toBeTruthy();
  });
});
