// The account's pupils (decision 048): GET/POST/PATCH/DELETE /api/me/pupils, typed by the contract,
// and the react-query hooks the account page and the booking page share, so adding a child in
// one place shows in the other without a reload.
import type {
  Pupil,
  PupilCreateRequest,
  PupilList,
  PupilRemoved,
  PupilUpdateRequest,
} from '@tuition/api-contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export type { Pupil, PupilList };

const id = encodeURIComponent;

export const pupilsApi = {
  list: () => apiFetch('/api/me/pupils', 'PupilListSchema'),
  /** 400 naming `consent` for Years 6-11 without it; 409 `student-account` for a second pupil. */
  add: (input: PupilCreateRequest) =>
    apiFetch('/api/me/pupils', 'PupilSchema', { method: 'POST', json: input }),
  update: (pupilId: string, input: PupilUpdateRequest) =>
    apiFetch(`/api/me/pupils/${id(pupilId)}`, 'PupilSchema', {
      method: 'PATCH',
      json: input,
      repeatable: true,
    }),
  /** A pupil with bookings or payments is archived (kept for the records), otherwise deleted. */
  remove: (pupilId: string): Promise<PupilRemoved> =>
    apiFetch(`/api/me/pupils/${id(pupilId)}`, 'PupilRemovedSchema', { method: 'DELETE' }),
} as const;

export const PUPILS_QUERY_KEY = ['me', 'pupils'] as const;

/** The signed-in account's current pupils (none asked for when `enabled` is false). */
export function usePupils(enabled = true) {
  return useQuery({ queryKey: PUPILS_QUERY_KEY, queryFn: pupilsApi.list, enabled });
}

function refreshPupils(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: PUPILS_QUERY_KEY });
}

export function useAddPupil(onAdded?: (pupil: Pupil) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pupilsApi.add,
    onSuccess: async (pupil) => {
      // Shown at once, before the list is asked again.
      queryClient.setQueryData<PupilList>(PUPILS_QUERY_KEY, (list) =>
        list ? { ...list, pupils: [...list.pupils, pupil] } : list,
      );
      onAdded?.(pupil);
      await refreshPupils(queryClient);
    },
  });
}

export function useUpdatePupil() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pupilId, input }: { pupilId: string; input: PupilUpdateRequest }) =>
      pupilsApi.update(pupilId, input),
    onSuccess: () => refreshPupils(queryClient),
  });
}

export function useRemovePupil() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pupilId: string) => pupilsApi.remove(pupilId),
    onSuccess: () => refreshPupils(queryClient),
  });
}
