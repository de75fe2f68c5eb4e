// Recording a weekly class's lessons (docs/decisions/099) on the Classes panel: a labelled tick
// saved at once, and put back when the service refuses.
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

const renderClasses = () =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AdminClasses />
    </AppProviders>,
  );

describe('recording a class’s lessons', () => {
  it('turns recording on from a labelled tick, saved at once', async () => {
    const stub = stubApi({
      'GET /api/admin/classes': { classes: [CLASS] },
      'PUT /api/admin/classes/:id/recording': ({ body }) => ({
        ...CLASS,
        recordLessons: (body as { record: boolean }).record,
      }),
    });
    renderClasses();
    const toggle = await screen.findByRole('checkbox', {
      name: 'Record lessons (GCSE Higher, Tuesday 7-8pm)',
    });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    const put = stub.requests.find((r) => r.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/admin/classes/gcse-higher-tue-1900/recording');
    expect(put?.body).toEqual({ record: true });
  });

  it('puts the tick back when the service refuses', async () => {
    stubApi({
      'GET /api/admin/classes': { classes: [{ ...CLASS, recordLessons: true }] },
      'PUT /api/admin/classes/:id/recording': problem(500, 'Broken'),
    });
    renderClasses();
    const toggle = await screen.findByRole('checkbox', { name: /^Record lessons/ });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(await screen.findByText('The recording setting could not be saved')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });
});
