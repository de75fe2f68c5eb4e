// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  canonicalUrl,
  faqJsonLd,
  jsonLdScript,
  openingHoursSpecification,
  organizationJsonLd,
  pageTitle,
} from './seo.ts';

const settings = {
  titleSuffix: 'Maths Mastery Education',
  homeTitlePhrase: 'Online Maths Tuition',
};

describe('pageTitle', () => {
  it('puts the page name before the brand on inner pages', () => {
    expect(pageTitle(settings, 'About Us')).toBe('About Us | Maths Mastery Education');
  });

  it('leads with the brand on the home page', () => {
    expect(pageTitle(settings)).toBe('Maths Mastery Education | Online Maths Tuition');
  });
});

describe('canonicalUrl', () => {
  it('drops trailing slashes and index.html so each page has one address', () => {
    expect(canonicalUrl('/about/', 'https://example.co.uk')).toBe('https://example.co.uk/about');
    expect(canonicalUrl('/about/index.html', 'https://example.co.uk')).toBe(
      'https://example.co.uk/about',
    );
    expect(canonicalUrl('/', 'https://example.co.uk')).toBe('https://example.co.uk/');
  });
});

describe('openingHoursSpecification', () => {
  it('turns the editor-written hours into schema.org 24-hour ranges', () => {
    expect(
      openingHoursSpecification([
        { days: 'Weekdays', hours: '5 PM – 8 PM' },
        { days: 'Weekends', hours: '10 AM - 5 PM' },
      ]),
    ).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '17:00',
        closes: '20:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Saturday', 'Sunday'],
        opens: '10:00',
        closes: '17:00',
      },
    ]);
  });

  it('handles named days, 12 o’clock and minutes', () => {
    expect(openingHoursSpecification([{ days: 'Saturday', hours: '12 PM – 4:30 PM' }])).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Saturday'],
        opens: '12:00',
        closes: '16:30',
      },
    ]);
  });

  it('leaves out lines it cannot read rather than publishing wrong hours', () => {
    expect(openingHoursSpecification([{ days: 'Bank holidays', hours: 'Closed' }])).toEqual([]);
  });
});

describe('organizationJsonLd', () => {
  it('describes the business with its contact point and hours', () => {
    const data = organizationJsonLd({
      name: 'Maths Mastery Education',
      description: 'Online maths tuition',
      url: 'https://example.co.uk/',
      email: 'hello@example.co.uk',
      telephone: '07700 900123',
      sameAs: ['https://www.instagram.com/example'],
      openingHours: [{ days: 'Weekdays', hours: '5 PM – 8 PM' }],
    });
    expect(data['@type']).toBe('EducationalOrganization');
    expect(data.contactPoint.telephone).toBe('07700 900123');
    expect(data.openingHoursSpecification).toHaveLength(1);
  });
});

describe('faqJsonLd', () => {
  it('lists each question with its answer', () => {
    const data = faqJsonLd([{ question: 'Q?', answer: 'A.' }]);
    expect(data.mainEntity).toEqual([
      { '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } },
    ]);
  });
});

describe('jsonLdScript', () => {
  it('cannot be broken out of by text containing a closing script tag', () => {
    const json = jsonLdScript({ text: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script>' });
  });
});
