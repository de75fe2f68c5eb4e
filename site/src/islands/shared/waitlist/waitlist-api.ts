// Waiting lists (docs/decisions/060): join a full session, the account's places with
// any live offer, leave (or decline), and the admin's list of one session, typed by the contract.
import type {
  AdminWaitlistEntry,
  WaitlistEntry,
  WaitlistJoined,
  WaitlistJoinRequest,
} from '@tuition/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiErrorFrom, apiFetch, NETWORK_ERROR_STATUS } from '../../../lib/api-client.ts';

export type { AdminWaitlistEntry, WaitlistEntry, WaitlistJoined };

const id = encodeURIComponent;

export const waitlistApi = {
  /** 409 ApiError with code not-full (book instead), duplicate or list-closed. */
  join: (input: WaitlistJoinRequest) =>
    apiFetch('/api/waitlist', 'WaitlistJoinedSchema', { method: 'POST', json: input }),
  mine: () => apiFetch('/api/me/waitlist', 'WaitlistEntryListSchema'),
  /** 204: left (an offer held is declined and passes to the next family). */
  leave: async (placeId: string): Promise<void> => {
    let response: Response;
    try {
      response = await fetch(`/api/me/waitlist/${id(placeId)}`, {
        method: 'DELETE',
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
    } catch (error) {
      throw new ApiError({
        status: NETWORK_ERROR_STATUS,
        title: 'Network error',
        detail: error instanceof Error ? error.message : 'The request could not be sent.',
      });
    }
    if (!response.ok) throw await apiErrorFrom(response);
  },
  forSession: (sessionId: string) =>
    apiFetch(`/api/admin/sessions/${id(sessionId)}/waitlist`, 'AdminWaitlistSchema'),
} as const;

export const MY_WAITLIST_QUERY_KEY = ['me', 'waitlist'] as const;

/** The signed-in account's places (none asked for when `enabled` is false). */
export function useMyWaitlist(enabled: boolean) {
  return useQuery({ queryKey: MY_WAITLIST_QUERY_KEY, queryFn: waitlistApi.mine, enabled });
}

/** Joining refreshes the account's places and the calendar's waiting counts. */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: waitlistApi.join,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MY_WAITLIST_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['availability'] }),
      ]);
    },
  });
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: waitlistApi.leave,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_WAITLIST_QUERY_KEY }),
  });
}

/** "11 hours 20 minutes", "45 minutes", "less than a minute": what is left of an offer. */
export function timeLeft(expiresAt: string, now: Date): string {
  const minutes = Math.floor((new Date(expiresAt).getTime() - now.getTime()) / 60_000);
  if (minutes < 1) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (hours === 0) return plural(rest, 'minute');
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}
