import { SERVICE_CODES, SIBLING_PERCENT_MAX } from '@tuition/domain';
import { z } from 'zod';
import { count, isoInstant, named, pence } from './named.ts';
import { cursorParam, nextCursorField, parseHistoryCursor } from './page-cursors.ts';

/*
 * Promo codes and the sibling discount (docs/decisions/080, 082): set by admins, applied by the
 * server's one pricing engine, never trusted from the browser.
 */

export const PROMO_CODE_KINDS = ['percent', 'fixed', 'free-session'] as const;
export type PromoCodeKind = (typeof PROMO_CODE_KINDS)[number];

/** What a customer types: letters, digits and hyphens; matched in any case. */
export const promoCodeField = z
  .string({ error: 'promoCode must be text.' })
  .trim()
  .min(1, { error: 'Enter a promo code, or leave it out.' })
  .max(40, { error: 'No promo code is that long.' })
  .meta({ description: 'A promo code, in any case', examples: ['LEAFLET10'] });

const codeText = z
  .string({ error: 'code must be text.' })
  .trim()
  .regex(/^[A-Za-z0-9-]{3,40}$/, {
    error: 'A code is 3 to 40 letters, digits or hyphens, such as LEAFLET10.',
  });

const optionalInstant = z.iso
  .datetime({ offset: true, error: 'Give a date and time such as 2027-01-04T09:00:00Z.' })
  .nullable()
  .optional();

const positiveLimit = z
  .number({ error: 'Give a whole number of 1 or more.' })
  .int({ error: 'Give a whole number of 1 or more.' })
  .min(1, { error: 'Give a whole number of 1 or more.' })
  .max(1_000_000)
  .nullable()
  .optional();

const promoFields = {
  kind: z.enum(PROMO_CODE_KINDS, { error: 'kind is percent, fixed or free-session.' }),
  value: z
    .number({ error: 'value must be a whole number.' })
    .int({ error: 'value must be a whole number.' })
    .min(0, { error: 'value cannot be negative.' })
    .max(1_000_000, { error: 'value is too large.' })
    .meta({
      description: 'Percent (1-100) for percent, pence for fixed; ignored for free-session',
    }),
  validFrom: optionalInstant,
  validTo: optionalInstant,
  maxRedemptions: positiveLimit.meta({ description: 'Uses in all; null for no limit' }),
  perAccountLimit: positiveLimit.meta({ description: 'Uses per account; null for no limit' }),
  firstTimePupilsOnly: z.boolean().optional(),
  services: z
    .array(z.enum(SERVICE_CODES, { error: 'services lists course codes.' }))
    .min(1, { error: 'List at least one course, or leave services out for every course.' })
    .nullable()
    .optional(),
  active: z.boolean().optional(),
};

/** The value must fit the kind; a window must end after it starts. */
function checkPromo(
  body: {
    kind?: PromoCodeKind | undefined;
    value?: number | undefined;
    validFrom?: string | null | undefined;
    validTo?: string | null | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (body.kind === 'percent' && body.value !== undefined && (body.value < 1 || body.value > 100)) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is from 1 to 100.' });
  }
  if (body.kind === 'fixed' && body.value !== undefined && body.value < 1) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'A fixed amount is 1p or more.' });
  }
  if (body.validFrom && body.validTo && Date.parse(body.validTo) <= Date.parse(body.validFrom)) {
    ctx.addIssue({
      code: 'custom',
      path: ['validTo'],
      message: 'validTo must be after validFrom.',
    });
  }
}

export const PromoCodeRequestSchema = named(
  'PromoCodeRequest',
  z
    .object({ code: codeText, ...promoFields, value: promoFields.value.optional() })
    .superRefine(checkPromo),
);
export type PromoCodeRequest = z.infer<typeof PromoCodeRequestSchema>;

export const PromoCodePatchSchema = named(
  'PromoCodePatch',
  z
    .object({
      code: codeText.optional(),
      kind: promoFields.kind.optional(),
      value: promoFields.value.optional(),
      validFrom: promoFields.validFrom,
      validTo: promoFields.validTo,
      maxRedemptions: promoFields.maxRedemptions,
      perAccountLimit: promoFields.perAccountLimit,
      firstTimePupilsOnly: promoFields.firstTimePupilsOnly,
      services: promoFields.services,
      active: promoFields.active,
    })
    .superRefine(checkPromo),
);
export type PromoCodePatch = z.infer<typeof PromoCodePatchSchema>;

export const PromoCodeIdParamsSchema = z.object({ id: z.string() });

export const AdminPromoCodeSchema = named(
  'AdminPromoCode',
  z.object({
    id: z.string(),
    code: z.string().meta({ description: 'Upper-case' }),
    kind: z.enum(PROMO_CODE_KINDS),
    value: z.number().int(),
    validFrom: isoInstant.nullable(),
    validTo: isoInstant.nullable(),
    maxRedemptions: z.number().int().nullable(),
    perAccountLimit: z.number().int().nullable(),
    firstTimePupilsOnly: z.boolean(),
    services: z.array(z.enum(SERVICE_CODES)).nullable(),
    active: z.boolean(),
    redemptions: count.meta({ description: 'Uses so far: paid, plus checkouts still holding it' }),
    createdAt: isoInstant,
  }),
);
export type AdminPromoCode = z.infer<typeof AdminPromoCodeSchema>;

/** The codes come a page at a time, as every admin list does (docs/decisions/075, 117). */
export const PROMO_CODES_PAGE_SIZE = 50;
export const PromoCodesQuerySchema = z.object({ cursor: cursorParam(parseHistoryCursor) });
export const AdminPromoCodePageSchema = named(
  'AdminPromoCodePage',
  z.object({ items: z.array(AdminPromoCodeSchema), nextCursor: nextCursorField }),
);
export type AdminPromoCodePage = z.infer<typeof AdminPromoCodePageSchema>;

export const PromoRedemptionSchema = named(
  'PromoRedemption',
  z.object({
    id: z.string(),
    at: isoInstant,
    status: z.enum(['held', 'redeemed', 'released']).meta({
      description: 'held while the checkout waits for payment; released when its hold ended',
    }),
    discountPence: pence,
    checkoutId: z.string().nullable(),
    account: z
      .object({ id: z.string(), name: z.string(), email: z.string() })
      .nullable()
      .meta({ description: 'null once the account was deleted' }),
    pupils: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
);
export type PromoRedemption = z.infer<typeof PromoRedemptionSchema>;

/** A code's uses come a page at a time: a popular code's grow for years (docs/decisions/075). */
export const PROMO_REDEMPTIONS_PAGE_SIZE = 50;
export const PromoRedemptionsQuerySchema = z.object({ cursor: cursorParam(parseHistoryCursor) });
export const PromoRedemptionPageSchema = named(
  'PromoRedemptionPage',
  z.object({ items: z.array(PromoRedemptionSchema), nextCursor: nextCursorField }),
);
export type PromoRedemptionPage = z.infer<typeof PromoRedemptionPageSchema>;

export const SiblingDiscountSchema = named(
  'SiblingDiscount',
  z.object({
    percent: z
      .number({ error: 'percent must be a whole number from 0 to 50.' })
      .int({ error: 'percent must be a whole number from 0 to 50.' })
      .min(0, { error: 'percent must be a whole number from 0 to 50.' })
      .max(SIBLING_PERCENT_MAX, { error: 'percent must be a whole number from 0 to 50.' })
      .meta({ description: "Off each additional pupil's seat in one session; 0 turns it off" }),
  }),
);
export type SiblingDiscount = z.infer<typeof SiblingDiscountSchema>;

/** The server's price for a basket: what it charges, and the one discount it applied. */
/**
 * The total a page showed for a basket (its quote's `totalPence`: every seat, after the one
 * discount, before credit). Sent with a checkout, it makes the service answer 409
 * `price-changed` instead of charging anything else (docs/decisions/102).
 */
export const expectedPenceField = z
  .number({ error: 'expectedPence must be the total in pence the page showed.' })
  .int({ error: 'expectedPence must be the total in pence the page showed.' })
  .min(0, { error: 'expectedPence must be the total in pence the page showed.' })
  .max(10_000_000, { error: 'expectedPence must be the total in pence the page showed.' })
  .meta({
    description:
      'The total the page showed (the quote’s totalPence, before credit); when the price is no ' +
      'longer that, 409 price-changed with expectedPence and amountPence, and nothing is held',
  });

export const PriceQuoteSchema = named(
  'PriceQuote',
  z.object({
    subtotalPence: pence.meta({ description: 'Before any discount' }),
    discountPence: pence,
    totalPence: pence.meta({ description: 'What the seats cost (credit may pay for some)' }),
    discount: z
      .object({ kind: z.enum(['sibling', 'promo']), label: z.string() })
      .nullable()
      .meta({ description: 'The best single deal, never stacked; null when none applies' }),
    promo: z
      .object({ code: z.string(), applied: z.boolean(), reason: z.string().nullable() })
      .nullable()
      .meta({ description: 'The code entered, whether it applied and, if not, why in words' }),
  }),
);
export type PriceQuote = z.infer<typeof PriceQuoteSchema>;
