import { defineType } from 'sanity';
import {
  CONTACT_PLACEHOLDERS,
  copyField,
  copyTemplateField,
  eyebrowField,
  metaDescriptionField,
} from './copy-fields.ts';

/**
 * Singleton: the copy of /contact around the enquiry form. The e-mail, phone, opening hours,
 * response promise and social links themselves come from Site settings; the form's labels
 * are fixed (docs/decisions/037).
 */
export const contactPage = defineType({
  name: 'contactPage',
  title: 'Contact page',
  type: 'document',
  fields: [
    copyField('title', {
      description: 'The page heading and its name in the browser tab, e.g. "Contact Us".',
      max: 60,
    }),
    metaDescriptionField(CONTACT_PLACEHOLDERS),
    eyebrowField('Contact'),
    copyTemplateField('lead', CONTACT_PLACEHOLDERS, {
      description: 'The sentence under the heading.',
      rows: 2,
      max: 240,
    }),
    copyField('formHeading', {
      title: 'Form heading',
      description: 'Above the enquiry form, e.g. "Send us a message".',
      max: 60,
    }),
    copyField('detailsHeading', {
      title: 'Contact details heading',
      description: 'Above the e-mail address and phone number, e.g. "Get in touch".',
      max: 60,
    }),
    copyField('hoursHeading', {
      title: 'Opening hours heading',
      description: 'Above the opening hours from Site settings, e.g. "Opening hours".',
      max: 60,
    }),
    copyTemplateField('responseNote', CONTACT_PLACEHOLDERS, {
      title: 'Response note',
      description: 'Under the opening hours, e.g. "We respond to every enquiry {responsePromise}."',
      max: 160,
    }),
    copyField('socialHeading', {
      title: 'Social links heading',
      description: 'Above the social media links, e.g. "Follow us".',
      max: 60,
    }),
  ],
  preview: { prepare: () => ({ title: 'Contact page' }) },
});
