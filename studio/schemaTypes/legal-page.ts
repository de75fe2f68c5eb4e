import { defineArrayMember, defineField, defineType } from 'sanity';

export const LEGAL_SLUGS = ['terms-and-conditions', 'privacy-policy'] as const;

/** Each legal page is one document with this fixed id; the content loader reads it by id. */
export const legalPageDocumentId = (slug: (typeof LEGAL_SLUGS)[number]) => `legal-${slug}`;

/**
 * /terms-and-conditions and /privacy-policy: plain headed sections, no rich text. Each page is
 * opened directly from the desk structure.
 */
export const legalPage = defineType({
  name: 'legalPage',
  title: 'Legal page',
  type: 'document',
  fields: [
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
    defineField({
      name: 'description',
      title: 'Meta description',
      type: 'text',
      rows: 2,
      validation: (rule) => rule.required().min(50).max(160),
    }),
    defineField({
      name: 'updatedAt',
      title: 'Last updated',
      type: 'date',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'sections',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'legalSection',
          fields: [
            defineField({ name: 'heading', type: 'string', validation: (rule) => rule.required() }),
            defineField({
              name: 'paragraphs',
              type: 'array',
              of: [defineArrayMember({ type: 'text', rows: 4 })],
              validation: (rule) => rule.required().min(1),
            }),
          ],
          preview: { select: { title: 'heading' } },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: { select: { title: 'title', subtitle: 'updatedAt' } },
});
