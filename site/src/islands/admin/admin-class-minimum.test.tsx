// A weekly class's minimum (docs/decisions/100) on the Classes panel: labelled controls saved
// with their own button, the saved state shown, and the service's field errors under the field.
import type { AdminClass } from '@tuition/api-contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem, stubApi } from '../../test-support/api-stub.ts';
import { AppProviders, createQueryClient } from '../shared/app-providers.tsx';
import { AdminClasses } from './admin-classes.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
  recordLessons: false,
};
const ABOUT = 'GCSE Higher, Tuesday 7-8pm';

const renderClasses = () =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AdminClasses />
    </AppProviders>,
  );

const minimumSelect = () => screen.findByRole('combobox', { name: `Minimum pupils (${ABOUT})` });
const hoursField = () =>
  screen.getByRole('spinbutton', { name: `Decide how many hours before the start (${ABOUT})` });
const saveButton = () => screen.getByRole('button', { name: `Save minimum (${ABOUT})` });

describe('a class’s minimum', () => {
  it('offers None and 2 to 10, 48 hours by default, and saves the choice', async () => {
    const { requests } = stubApi({
      'GET /api/admin/classes': { classes: [CLASS] },
      'PUT /api/admin/classes/:id/minimum': ({ body }) => ({
        classId: CLASS.id,
        ...(body as { minPupils: number | null; decisionHoursBefore: number }),
        setAt: '2026-11-02T09:00:00.000Z',
      }),
    });
    renderClasses();
    const select = await minimumSelect();
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'None',
      ...['2', '3', '4', '5', '6', '7', '8', '9', '10'],
    ]);
    expect((hoursField() as HTMLInputElement).value).toBe('48');
    expect(screen.getByText('Now: no minimum; every session runs.')).toBeTruthy();

    fireEvent.change(select, { target: { value: '4' } });
    fireEvent.change(hoursField(), { target: { value: '24' } });
    // Nothing is sent until Save.
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
    fireEvent.click(saveButton());
    expect(
      await screen.findByText('Now: at least 4 pupils, decided 24 hours before the start.'),
    ).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/admin/classes/gcse-higher-tue-1900/minimum');
    expect(put?.body).toEqual({ minPupils: 4, decisionHoursBefore: 24 });
    expect(await screen.findByText(`${ABOUT} runs with at least 4 pupils.`)).toBeTruthy();
  });

  it('shows the saved minimum, and None sends null', async () => {
    const { requests } = stubApi({
      'GET /api/admin/classes': {
        classes: [{ ...CLASS, minPupils: 5, decisionHoursBefore: 72 }],
      },
      'PUT /api/admin/classes/:id/minimum': {
        classId: CLASS.id,
        minPupils: null,
        decisionHoursBefore: 72,
        setAt: '2026-11-02T09:00:00.000Z',
      },
    });
    renderClasses();
    const select = await minimumSelect();
    expect((select as HTMLSelectElement).value).toBe('5');
    expect(
      screen.getByText('Now: at least 5 pupils, decided 72 hours before the start.'),
    ).toBeTruthy();
    fireEvent.change(select, { target: { value: 'none' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Now: no minimum; every session runs.')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      minPupils: null,
      decisionHoursBefore: 72,
    });
  });

  it("puts the service's field error under its field", async () => {
    stubApi({
      'GET /api/admin/classes': { classes: [CLASS] },
      'PUT /api/admin/classes/:id/minimum': problem(400, 'Invalid input', {
        errors: [
          {
            field: 'decisionHoursBefore',
            message: 'Decide between 12 and 168 hours (a week) before the start, in whole hours.',
          },
        ],
      }),
    });
    renderClasses();
    fireEvent.change(await minimumSelect(), { target: { value: '3' } });
    fireEvent.change(hoursField(), { target: { value: '200' } });
    fireEvent.click(saveButton());
    const error = await screen.findByText(
      'Decide between 12 and 168 hours (a week) before the start, in whole hours.',
    );
    expect(hoursField().getAttribute('aria-invalid')).toBe('true');
    expect(hoursField().getAttribute('aria-describedby')).toContain(error.id);
    // Not saved: the state shown is still the old one.
    expect(screen.getByText('Now: no minimum; every session runs.')).toBeTruthy();
  });

  it('asks for whole hours before sending anything', async () => {
    const { requests } = stubApi({ 'GET /api/admin/classes': { classes: [CLASS] } });
    renderClasses();
    await minimumSelect();
    fireEvent.change(hoursField(), { target: { value: '' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Enter a whole number of hours from 12 to 168.')).toBeTruthy();
    await waitFor(() => expect(hoursField().getAttribute('aria-invalid')).toBe('true'));
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });
});
