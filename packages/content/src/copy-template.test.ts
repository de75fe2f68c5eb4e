import { describe, expect, it } from 'vitest';
import { copyTemplate, fillTemplate, placeholdersIn, templateParts } from './copy-template.ts';

const groupSize = copyTemplate(['groupSizeMin', 'groupSizeMax']);

describe('copy templates', () => {
  it('fills every placeholder with its value', () => {
    const template = groupSize.parse('Groups of {groupSizeMin} to {groupSizeMax} students');
    expect(fillTemplate(template, { groupSizeMin: 1, groupSizeMax: 10 })).toBe(
      'Groups of 1 to 10 students',
    );
  });

  it('accepts text that leaves a placeholder out, or uses one twice', () => {
    expect(groupSize.safeParse('Small groups').success).toBe(true);
    const twice = groupSize.parse('{groupSizeMax} seats, at most {groupSizeMax}');
    expect(fillTemplate(twice, { groupSizeMin: 1, groupSizeMax: 10 })).toBe('10 seats, at most 10');
  });

  it('refuses an unknown placeholder and names the ones allowed', () => {
    const result = groupSize.safeParse('Groups of up to {groupSizeMaxx}');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Unknown placeholder {groupSizeMaxx}: use {groupSizeMin}, {groupSizeMax}',
    );
  });

  it('refuses empty text', () => {
    expect(groupSize.safeParse('  ').success).toBe(false);
  });

  it('leaves braces that are not a placeholder alone', () => {
    expect(placeholdersIn('Save { } or {1st}')).toEqual([]);
    expect(fillTemplate(copyTemplate([]).parse('Save { } now'), {})).toBe('Save { } now');
  });

  it('splits a template into text and placeholders, for copy that embeds a link', () => {
    expect(templateParts('Cannot be booked yet. {contactLink} to hear more.')).toEqual([
      { kind: 'text', text: 'Cannot be booked yet. ' },
      { kind: 'placeholder', name: 'contactLink' },
      { kind: 'text', text: ' to hear more.' },
    ]);
    expect(templateParts('{contactLink}')).toEqual([{ kind: 'placeholder', name: 'contactLink' }]);
  });
});
