// The promo code form's state (docs/decisions/082): the fields as typed, the request they make,
// an edit's changed fields only, and the server's refusal by field. The page checks only that
// what is typed can be sent (a number is a number, an amount is money); the service owns every
// limit and rule and names the field it refuses.
import { addDays, londonDate, londonWallClockToUtc, type ServiceCode } from '@tuition/domain';
import { ApiError } from '../../lib/api-client.ts';
import { penceFromPounds } from './admin-tutor-rates.tsx';
import type {
  AdminPromoCode,
  PromoCodeKind,
  PromoCodePatch,
  PromoCodeRequest,
} from './admin-promotions-api.ts';

export interface PromoForm {
  code: string;
  kind: PromoCodeKind;
  /** Percent for percent, pounds for fixed; unused for a free session. */
  value: string;
  /** London dates (YYYY-MM-DD), or empty for none. `lastDay` is included. */
  firstDay: string;
  lastDay: string;
  maxRedemptions: string;
  perAccountLimit: string;
  firstTimePupilsOnly: boolean;
  /** None ticked: every course. */
  services: ServiceCode[];
  active: boolean;
}

export type PromoField = keyof PromoCodeRequest;
export type PromoErrors = Partial<Record<PromoField | 'form', string>>;

export const EMPTY_PROMO_FORM: PromoForm = {
  code: '',
  kind: 'percent',
  value: '',
  firstDay: '',
  lastDay: '',
  maxRedemptions: '',
  perAccountLimit: '',
  firstTimePupilsOnly: false,
  services: [],
  active: true,
};

/** The form as a saved code fills it, for Edit. */
export function formOfCode(code: AdminPromoCode): PromoForm {
  return {
    code: code.code,
    kind: code.kind,
    value:
      code.kind === 'percent'
        ? String(code.value)
        : code.kind === 'fixed'
          ? (code.value / 100).toFixed(2)
          : '',
    firstDay: code.validFrom ? londonDate(new Date(code.validFrom)) : '',
    // validTo is when the code stops: the start of the London day after its last day.
    lastDay: code.validTo ? londonDate(new Date(Date.parse(code.validTo) - 1)) : '',
    maxRedemptions: code.maxRedemptions === null ? '' : String(code.maxRedemptions),
    perAccountLimit: code.perAccountLimit === null ? '' : String(code.perAccountLimit),
    firstTimePupilsOnly: code.firstTimePupilsOnly,
    services: code.services ?? [],
    active: code.active,
  };
}

const WHOLE = /^\d{1,7}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A limit field: empty is no limit. */
function limitOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return WHOLE.test(trimmed) ? Number(trimmed) : undefined;
}

/** A day field as an instant: the start of that London day; empty is none. */
function dayStart(day: string): string | null | undefined {
  if (day === '') return null;
  return DATE.test(day) ? londonWallClockToUtc(day, '00:00').toISOString() : undefined;
}

/** The value field as the contract takes it: percent as typed, pounds as pence. */
function valueOfForm(form: PromoForm): number | undefined {
  const text = form.value.trim();
  if (form.kind === 'fixed') return penceFromPounds(text);
  return WHOLE.test(text) ? Number(text) : undefined;
}

/** The request the form makes, or what cannot be sent as typed. */
export function requestOfForm(
  form: PromoForm,
): { request: PromoCodeRequest; errors?: undefined } | { errors: PromoErrors } {
  const errors: PromoErrors = {};
  if (form.code.trim() === '') errors.code = 'Enter a code, such as LEAFLET10.';
  const value = form.kind === 'free-session' ? undefined : valueOfForm(form);
  if (form.kind !== 'free-session' && value === undefined) {
    errors.value =
      form.kind === 'fixed'
        ? 'Enter an amount in pounds, such as 5 or 2.50.'
        : 'Enter a whole number, such as 10.';
  }
  const validFrom = dayStart(form.firstDay);
  const validTo = form.lastDay === '' ? null : dayStart(addDaysSafe(form.lastDay));
  if (validFrom === undefined) errors.validFrom = 'Choose a date, or leave it empty.';
  if (validTo === undefined) errors.validTo = 'Choose a date, or leave it empty.';
  const maxRedemptions = limitOf(form.maxRedemptions);
  const perAccountLimit = limitOf(form.perAccountLimit);
  const notWhole = 'Enter a whole number, or leave it empty for no limit.';
  if (maxRedemptions === undefined) errors.maxRedemptions = notWhole;
  if (perAccountLimit === undefined) errors.perAccountLimit = notWhole;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      code: form.code.trim(),
      kind: form.kind,
      ...(value === undefined ? {} : { value }),
      validFrom: validFrom ?? null,
      validTo: validTo ?? null,
      maxRedemptions: maxRedemptions ?? null,
      perAccountLimit: perAccountLimit ?? null,
      firstTimePupilsOnly: form.firstTimePupilsOnly,
      services: form.services.length === 0 ? null : [...form.services].sort(),
      active: form.active,
    },
  };
}

/** The next London date, or the text unchanged when it is not a date (refused later). */
function addDaysSafe(day: string): string {
  return DATE.test(day) ? addDays(day, 1) : day;
}

/** Only what an edit changed: a PATCH must not rewrite fields nobody touched. */
export function patchOf(before: PromoCodeRequest, after: PromoCodeRequest): PromoCodePatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof PromoCodeRequest)[]) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) patch[key] = after[key];
  }
  return patch as PromoCodePatch;
}

const FIELDS: readonly PromoField[] = [
  'code',
  'kind',
  'value',
  'validFrom',
  'validTo',
  'maxRedemptions',
  'perAccountLimit',
  'firstTimePupilsOnly',
  'services',
  'active',
];

/** The service's 400, each message by its field ("services.0" is services); the rest below. */
export function promoErrorsOf(error: unknown): PromoErrors {
  if (!(error instanceof ApiError) || error.status !== 400) {
    return { form: 'The code could not be saved. Please try again.' };
  }
  const found: PromoErrors = {};
  const other: string[] = [];
  for (const { field, message } of error.errors ?? []) {
    const name = field.split(/[.[]/)[0] as PromoField;
    if (FIELDS.includes(name)) found[name] = found[name] ? `${found[name]} ${message}` : message;
    else other.push(message);
  }
  if (other.length > 0 || Object.keys(found).length === 0) {
    found.form = other.length > 0 ? other.join(' ') : error.detail;
  }
  return found;
}
