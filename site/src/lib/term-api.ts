// The booking service's term-enrolment calls (docs/decisions/083): the terms and weekly
// classes, the quote for a class and pupils, the term checkout and the family's enrolments.
// Reads go through api-client's typed fetch; the quote and the checkout read their refusals
// here as well, since a 409 `not-open` carries `opensOn`, a field ApiError does not keep.
import type {
  Enrolment,
  PublicClass,
  PublicTerm,
  TermCheckout,
  TermCheckoutRequest,
  TermQuote,
  TermQuoteRequest,
} from '@tuition/api-contract';
import { ApiError, apiErrorFrom, apiFetch, NETWORK_ERROR_STATUS } from './api-client.ts';
import { fetchWithRetry } from './retrying-fetch.ts';

export type { Enrolment, PublicClass, PublicTerm, TermCheckout, TermQuote };

/** A refused quote or term checkout: the problem's fields, and `opensOn` for `not-open`. */
export class TermApiError extends ApiError {
  /** `not-open` only: the London date (YYYY-MM-DD) enrolment opens for these pupils. */
  readonly opensOn?: string;

  constructor(error: ApiError, opensOn?: string) {
    super({
      status: error.status,
      title: error.title,
      detail: error.detail,
      ...(error.code !== undefined ? { code: error.code } : {}),
      ...(error.slots !== undefined ? { slots: error.slots } : {}),
      ...(error.errors !== undefined ? { errors: error.errors } : {}),
    });
    this.name = 'TermApiError';
    if (opensOn !== undefined) this.opensOn = opensOn;
  }
}

async function opensOnOf(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    const opensOn = (body as { opensOn?: unknown } | null)?.opensOn;
    return typeof opensOn === 'string' ? opensOn : undefined;
  } catch {
    return undefined;
  }
}

type Schema = 'TermQuoteSchema' | 'TermCheckoutSchema';

/** POSTs JSON as apiFetch does, keeping a refusal's `opensOn`. */
async function postTerm<K extends Schema>(
  path: string,
  answer: K,
  json: unknown,
  repeatable: boolean,
): Promise<K extends 'TermQuoteSchema' ? TermQuote : TermCheckout> {
  let response: Response;
  try {
    response = await fetchWithRetry(
      path,
      {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(json),
      },
      { repeatable },
    );
  } catch (error) {
    throw new ApiError({
      status: NETWORK_ERROR_STATUS,
      title: 'Network error',
      detail: error instanceof Error ? error.message : 'The request could not be sent.',
    });
  }
  if (!response.ok) {
    const copy = response.clone();
    throw new TermApiError(await apiErrorFrom(response), await opensOnOf(copy));
  }
  return checkedBody(answer, await response.json());
}

/** In development and tests, the answer is checked against its contract schema (decision 046). */
async function checkedBody<K extends Schema>(
  answer: K,
  body: unknown,
): Promise<K extends 'TermQuoteSchema' ? TermQuote : TermCheckout> {
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') {
    const contract = await import('@tuition/api-contract');
    const result = contract[answer].safeParse(body);
    if (!result.success) {
      throw new Error(`${answer} answer outside the API contract: ${result.error.message}`);
    }
  }
  return body as K extends 'TermQuoteSchema' ? TermQuote : TermCheckout;
}

const id = encodeURIComponent;

export const termApi = {
  terms: (): Promise<PublicTerm[]> => apiFetch('/api/terms', 'TermListSchema'),
  classes: (): Promise<PublicClass[]> => apiFetch('/api/classes', 'ClassListSchema'),
  /**
   * The term's remaining sessions of a class for the pupils, priced by the service. 400 naming
   * promoCode, classId or pupilIds; 409 `not-open` with `opensOn`; 404 unknown term or class.
   */
  quote: (termId: string, input: TermQuoteRequest) =>
    postTerm(`/api/terms/${id(termId)}/quote`, 'TermQuoteSchema', input, true),
  /** Starts the term's checkout; 409 `full` with `slots` unless skipFull. Never retried. */
  checkout: (input: TermCheckoutRequest) =>
    postTerm('/api/checkout/term', 'TermCheckoutSchema', input, false),
  /** The family's enrolments, each with its sessions left. */
  enrolments: (): Promise<Enrolment[]> => apiFetch('/api/me/enrolments', 'EnrolmentListSchema'),
} as const;
