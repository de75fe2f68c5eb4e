// The remedy choice both admin cancel dialogs ask (decision 077): one labelled group of radios,
// each named by its label and hint, the chosen one checked, a click handing its remedy back; two
// choices on one page never share a radio group.
import type { CancelRemedy } from '@tuition/api-contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { AppProviders } from '../shared/app-providers.tsx';
import { CancelRemedyChoice, type RemedyOption } from './cancel-remedy-choice.tsx';

afterEach(cleanup);

const OPTIONS: ReadonlyArray<RemedyOption> = [
  { value: 'credit', label: 'A session of credit', hint: 'For any of their children.' },
  { value: 'refund', label: 'A refund to the card', hint: 'The price the seat was charged.' },
  { value: 'none', label: 'Nothing' },
];

function Choice({ legend, onChange }: { legend: string; onChange: (r: CancelRemedy) => void }) {
  const [value, setValue] = useState<CancelRemedy>('credit');
  return (
    <CancelRemedyChoice
      legend={legend}
      options={OPTIONS}
      value={value}
      onChange={(remedy) => {
        setValue(remedy);
        onChange(remedy);
      }}
    />
  );
}

it('asks in a group labelled by its legend, each remedy named by its label and hint', () => {
  render(
    <AppProviders>
      <Choice legend="What the family gets back" onChange={vi.fn()} />
    </AppProviders>,
  );
  const group = screen.getByRole('group', { name: 'What the family gets back' });
  const radios = within(group).getAllByRole('radio');
  expect(radios).toHaveLength(3);
  expect(
    within(group).getByRole('radio', {
      name: /^A session of credit\s*For any of their children\.$/,
    }),
  ).toHaveProperty('checked', true);
  expect(
    within(group).getByRole('radio', {
      name: /^A refund to the card\s*The price the seat was charged\.$/,
    }),
  ).toHaveProperty('checked', false);
  // A remedy without a hint is named by its label alone.
  expect(within(group).getByRole('radio', { name: 'Nothing' })).toHaveProperty('checked', false);
});

it('hands back the remedy clicked and checks it alone', () => {
  const onChange = vi.fn();
  render(
    <AppProviders>
      <Choice legend="What do families get back?" onChange={onChange} />
    </AppProviders>,
  );
  const group = screen.getByRole('group', { name: 'What do families get back?' });
  fireEvent.click(within(group).getByRole('radio', { name: /^A refund to the card/ }));
  expect(onChange).toHaveBeenLastCalledWith('refund');
  const checked = within(group)
    .getAllByRole('radio')
    .filter((radio) => (radio as HTMLInputElement).checked);
  expect(checked.map((radio) => (radio as HTMLInputElement).value)).toEqual(['refund']);
});

it('gives each choice on a page its own radio group', () => {
  render(
    <AppProviders>
      <Choice legend="First" onChange={vi.fn()} />
      <Choice legend="Second" onChange={vi.fn()} />
    </AppProviders>,
  );
  const nameOf = (legend: string) =>
    (
      within(screen.getByRole('group', { name: legend })).getAllByRole(
        'radio',
      )[0] as HTMLInputElement
    ).name;
  expect(nameOf('First')).not.toBe(nameOf('Second'));
  fireEvent.click(
    within(screen.getByRole('group', { name: 'Second' })).getByRole('radio', { name: 'Nothing' }),
  );
  // Choosing in one leaves the other as it was.
  expect(
    within(screen.getByRole('group', { name: 'First' })).getByRole('radio', {
      name: /^A session of credit/,
    }),
  ).toHaveProperty('checked', true);
});
