// The lesson's own room at 375 px, end to end against the stack and its local room twin
// (docs/decisions/098): a family has booked an AS Level session, a class no other journey books,
// whose weekly class an admin gives to the demo tutor; on the service's clock it is 10 minutes
// before the start; the parent opens /join/{bookingId} and waits in the lobby; the tutor, in
// another browser, presses Start lesson on their session page; the parent's page, asking every
// few seconds, opens the lesson and lists the child as the room names them ("Amira K."). axe on
// the lobby and both lesson views, with screenshots. The clock goes back however it ends.
import type { APIRequestContext } from '@playwright/test';
import {
  type Account,
  axeAndScreenshotsAtBothWidths,
  bookNewPupilTwoDaysAhead,
  DEMO_ADMIN,
  expect,
  logIn,
  moveClock,
  openContext,
  signedInCustomer,
  stackNow,
  test,
} from './support.ts';

const SERVICE = 'aslevel';
const PUPIL = { name: 'Amira Khan', shown: 'Amira K.' };
/** The demo tutor, seeded in local mode (booking-service/src/auth/demo-users.ts). */
const DEMO_TUTOR: Account = {
  name: 'Ms Demo Tutor',
  email: 'tutor@demo.example',
  password: 'demo-tutor-1',
};

/** As the admin: the demo tutor leads the weekly class of `startsAt`. */
async function demoTutorLeads(
  admin: APIRequestContext,
  origin: Record<string, string>,
  startsAt: string,
) {
  const { tutors } = (await (await admin.get('/api/admin/tutors')).json()) as {
    tutors: { id: string; email: string }[];
  };
  const tutorId = tutors.find((t) => t.email === DEMO_TUTOR.email)?.id;
  expect(tutorId, 'the demo tutor').toBeTruthy();
  const { classes } = (await (await admin.get('/api/admin/classes')).json()) as {
    classes: { id: string; service: string; day: string; startTime: string }[];
  };
  const wall = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(startsAt));
  const part = (type: string) => wall.find((p) => p.type === type)?.value ?? '';
  const day = part('weekday').toLowerCase().slice(0, 3);
  const startTime = `${part('hour')}:${part('minute')}`;
  const weekly = classes.find(
    (c) => c.service === SERVICE && c.day === day && c.startTime === startTime,
  );
  expect(weekly, `the weekly class of ${day} ${startTime}`).toBeTruthy();
  const assigned = await admin.put(`/api/admin/classes/${weekly?.id}/tutor`, {
    data: { tutorId },
    headers: origin,
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
}

test('the family waits for the tutor, who starts the lesson, and the family is in it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = { origin: new URL(baseURL ?? 'http://localhost').origin };
  const phone = { viewport: { width: 375, height: 740 } };
  const familyContext = await openContext(browser, baseURL, phone);
  const tutorContext = await openContext(browser, baseURL, phone);
  const family = await familyContext.newPage();
  const tutor = await tutorContext.newPage();
  try {
    await signedInCustomer(family, '/', { name: 'Jo Khan' });
    const booking = await bookNewPupilTwoDaysAhead(family.request, origin, {
      service: SERVICE,
      pupil: { name: PUPIL.name, yearGroup: 'y12' },
      what: 'an open AS Level session two days ahead',
    });
    await logIn(page, DEMO_ADMIN, '/');
    await demoTutorLeads(page.request, origin, booking.startsAt);

    // Ten minutes before the start, on the service's clock: inside the join window.
    const start = new Date(booking.startsAt);
    await moveClock(page.request, baseURL, new Date(start.getTime() - 10 * 60_000), family, tutor);
    await family.goto(`/join/${booking.id}`);
    await expect(
      family.getByRole('heading', { name: 'Waiting for your tutor to start the lesson' }),
    ).toBeVisible();
    await axeAndScreenshotsAtBothWidths(family, 'lesson-lobby');

    // The tutor opens their session page and starts the lesson.
    await logIn(tutor, DEMO_TUTOR, '/teach');
    const { sessions } = (await (
      await tutor.request.get('/api/tutor/sessions?scope=upcoming')
    ).json()) as { sessions: { id: string; startsAt: string; service: string }[] };
    const session = sessions.find((s) => s.startsAt === booking.startsAt && s.service === SERVICE);
    expect(session, 'the booked session on the tutor’s list').toBeTruthy();
    await tutor.goto(`/teach/session?id=${session?.id}`);
    const lesson = tutor.getByRole('region', { name: 'Lesson' });
    await lesson.getByRole('button', { name: 'Start lesson' }).click();
    await expect(lesson.getByRole('list', { name: 'Who is here' })).toBeVisible();

    // The family's page, asking every few seconds, opens the lesson: the child by the room's name.
    const people = family.getByRole('list', { name: 'Who is here' });
    await expect(people).toBeVisible({ timeout: 20_000 });
    await expect(family.getByRole('heading', { name: /AS Level/, level: 1 })).toBeVisible();
    await expect(people.getByText(PUPIL.shown)).toBeVisible();
    await expect(people.getByText('Tutor', { exact: true })).toBeVisible();
    await expect(family.getByRole('button', { name: 'Leave lesson' })).toBeVisible();
    await axeAndScreenshotsAtBothWidths(family, 'lesson-view');
    // The tutor's list shows the child too, by the same name (the twin is asked every 5 s).
    await expect(lesson.getByText(PUPIL.shown)).toBeVisible({ timeout: 15_000 });
    await axeAndScreenshotsAtBothWidths(tutor, 'lesson-host');
  } finally {
    // Back to the run's calendar, so the journeys after this one see the clock they expect.
    await moveClock(page.request, baseURL, stackNow());
    await familyContext.close();
    await tutorContext.close();
  }
});
