import { defineType } from 'sanity';
import { copyField, copyTemplateField, eyebrowField, metaDescriptionField } from './copy-fields.ts';

/** Singleton: the copy of /services around the subject cards (the subjects are their own documents). */
export const servicesPage = defineType({
  name: 'servicesPage',
  title: 'Services page',
  type: 'document',
  fields: [
    copyField('title', {
      description: 'The page heading and its name in the browser tab, e.g. "Our Services".',
      max: 60,
    }),
    metaDescriptionField(),
    eyebrowField('Services'),
    copyField('lead', { description: 'The sentence under the heading.', rows: 2, max: 240 }),
    copyTemplateField('comingSoonNote', ['contactLink'], {
      title: 'Coming-soon note',
      description:
        'Follows "English and Science are coming soon." (written from the subjects that are not available) under the cards. {contactLink} becomes a link to /contact.',
      rows: 2,
      max: 200,
    }),
    copyField('contactLinkLabel', {
      title: 'Contact link text',
      description: 'The words of the {contactLink} link, e.g. "Contact us".',
      max: 40,
    }),
  ],
  preview: { prepare: () => ({ title: 'Services page' }) },
});
