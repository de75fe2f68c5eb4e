// The admin's calls about promotions and term enrolments (docs/decisions/082, 083): promo codes
// and who used them, the sibling discount, and the term enrolments of a class or a family.
// Answers are typed and, in development and tests, checked by @tuition/api-contract, as every
// admin call is (admin-api.ts). The server prices everything; these calls only carry settings.
import type { PromoCodePatch, PromoCodeRequest } from '@tuition/api-contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { retryUnlessRefused } from './admin-format.ts';

export type {
  AdminEnrolment,
  AdminPromoCode,
  AdminPromoCodePage,
  PromoCodeKind,
  PromoCodePatch,
  PromoCodeRequest,
  PromoRedemption,
} from '@tuition/api-contract';

const id = encodeURIComponent;

export const PROMO_CODES_KEY = ['admin', 'promo-codes'] as const;
export const SIBLING_DISCOUNT_KEY = ['admin', 'sibling-discount'] as const;
export const enrolmentsKey = (filter: EnrolmentFilter) => ['admin', 'enrolments', filter] as const;

/** Whose enrolments: one weekly class's, or one family's. */
export type EnrolmentFilter = { classId: string } | { userId: string };

export const promotionsApi = {
  /** One page of the codes, newest first; `cursor` is the page before's nextCursor (075). */
  promoCodes: (cursor?: string) =>
    apiFetch(
      `/api/admin/promo-codes${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      'AdminPromoCodePageSchema',
    ),
  /** 201 with the code as saved; 400 names each field it refuses. */
  createPromoCode: (request: PromoCodeRequest) =>
    apiFetch('/api/admin/promo-codes', 'AdminPromoCodeSchema', { method: 'POST', json: request }),
  /** Only the fields that changed; audited as promo.update. */
  updatePromoCode: (promoId: string, patch: PromoCodePatch) =>
    apiFetch(`/api/admin/promo-codes/${id(promoId)}`, 'AdminPromoCodeSchema', {
      method: 'PATCH',
      json: patch,
      repeatable: true,
    }),
  /** One page of a code's uses, newest first; `cursor` is the page before's nextCursor. */
  redemptions: (promoId: string, cursor?: string) =>
    apiFetch(
      `/api/admin/promo-codes/${id(promoId)}/redemptions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      'PromoRedemptionPageSchema',
    ),
  siblingDiscount: () => apiFetch('/api/admin/discounts/sibling', 'SiblingDiscountSchema'),
  setSiblingDiscount: (percent: number) =>
    apiFetch('/api/admin/discounts/sibling', 'SiblingDiscountSchema', {
      method: 'PUT',
      json: { percent },
      repeatable: true,
    }),
  enrolments: (filter: EnrolmentFilter) =>
    apiFetch(`/api/admin/enrolments?${new URLSearchParams(filter)}`, 'AdminEnrolmentListSchema'),
} as const;

/** The codes a page at a time: the pages loaded so far, and the next on request. */
export function usePromoCodes() {
  return useInfiniteQuery({
    queryKey: PROMO_CODES_KEY,
    queryFn: ({ pageParam }) => promotionsApi.promoCodes(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessRefused,
  });
}

export function useSiblingDiscount() {
  return useQuery({
    queryKey: SIBLING_DISCOUNT_KEY,
    queryFn: promotionsApi.siblingDiscount,
    retry: retryUnlessRefused,
  });
}

export function useEnrolments(filter: EnrolmentFilter) {
  return useQuery({
    queryKey: enrolmentsKey(filter),
    queryFn: () => promotionsApi.enrolments(filter),
    retry: retryUnlessRefused,
  });
}
