// The service's refusals of a 1-to-1 checkout, by the field the booking panel names them under
// (docs/decisions/108, 115).
import { ApiError } from '../../lib/api-client.ts';

export type FieldName =
  | 'weeks'
  | 'pupilId'
  | 'promoCode'
  | 'startsAt'
  | 'lengthMinutes'
  | 'service'
  | 'adultNearby';

/** The service's 400 (or the 429 after too many unknown codes) by field. */
export function fieldMessages(error: unknown): Partial<Record<FieldName, string>> {
  if (!(error instanceof ApiError)) return {};
  if (error.status === 429) return { promoCode: error.detail };
  if (error.status !== 400) return {};
  const found: Partial<Record<FieldName, string>> = {};
  for (const { field, message } of error.errors ?? []) {
    found[field.split('.')[0] as FieldName] ??= message;
  }
  return found;
}
