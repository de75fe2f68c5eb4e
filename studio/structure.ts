import type { StructureBuilder, StructureResolver } from 'sanity/structure';
import { LEGAL_SLUGS, legalPageDocumentId } from './schemaTypes/legal-page.ts';

const singleton = (S: StructureBuilder, type: string, title: string) =>
  S.listItem()
    .title(title)
    .id(type)
    .child(S.document().schemaType(type).documentId(type).title(title));

const legalTitles: Record<(typeof LEGAL_SLUGS)[number], string> = {
  'terms-and-conditions': 'Terms and conditions',
  'privacy-policy': 'Privacy policy',
};

/**
 * Settings, pricing and pages are single documents, so editors open them directly instead
 * of picking from a list; repeatable content keeps the usual document lists.
 */
export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      singleton(S, 'siteSettings', 'Site settings'),
      singleton(S, 'pricing', 'Pricing'),
      S.documentTypeListItem('pack').title('Session packs'),
      S.listItem()
        .title('Pages')
        .id('pages')
        .child(
          S.list()
            .title('Pages')
            .items([
              singleton(S, 'homePage', 'Home page'),
              singleton(S, 'aboutPage', 'About page'),
              singleton(S, 'servicesPage', 'Services page'),
              singleton(S, 'mathematicsPage', 'Mathematics page'),
              singleton(S, 'courseTimelinePage', 'Course timeline pages'),
              singleton(S, 'reviewsPage', 'Reviews page'),
              singleton(S, 'contactPage', 'Contact page'),
              singleton(S, 'faqPage', 'FAQ (order of questions)'),
              ...LEGAL_SLUGS.map((slug) =>
                S.listItem()
                  .title(legalTitles[slug])
                  .id(slug)
                  .child(
                    S.document()
                      .schemaType('legalPage')
                      .documentId(legalPageDocumentId(slug))
                      .title(legalTitles[slug]),
                  ),
              ),
            ]),
        ),
      S.divider(),
      S.documentTypeListItem('subject').title('Subjects'),
      S.documentTypeListItem('course').title('Courses'),
      S.documentTypeListItem('timetableSlot').title('Timetable'),
      S.documentTypeListItem('closure').title('Closures (holidays)'),
      S.documentTypeListItem('term').title('Terms'),
      S.documentTypeListItem('courseTimeline').title('Course timelines'),
      S.documentTypeListItem('review').title('Reviews'),
      S.documentTypeListItem('faqItem').title('FAQ items'),
      S.documentTypeListItem('teacher').title('Teachers'),
    ]);
