// The admin user page's state and rules, apart from its markup (decision 043): which user the
// address names, reading that user's details, what a failed read says, the password reset, and
// which booking (if any) is being moved. admin-user-detail.tsx and its sections only render it.
import { fillMessage, MESSAGES, type Message } from '@tuition/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { type AdminBookingHistoryEntry, type AdminUserDetail, adminApi } from './admin-api.ts';
import { adminLoadFailure, retryUnlessRefused } from './admin-format.ts';
import { toastError, toastSuccess } from '../shared/app-providers.tsx';
import { useErrorToast } from '../shared/use-error-toast.ts';

/** The user id in /admin/users/{id}, or undefined on any other address. */
export function userIdFromPath(pathname: string): string | undefined {
  const match = /^\/admin\/users\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

export function userQueryKey(userId: string) {
  return ['admin', 'user', userId] as const;
}

/**
 * The id to show: the one passed (tests), else read from the address after hydration, since
 * the static HTML is the same for every user. An address without one goes to /admin.
 */
export function useUserIdFromPath(
  userId: string | undefined,
  navigate: ((url: string) => void) | undefined,
): string | undefined {
  const [id, setId] = useState<string | undefined>(userId);
  const [resolved, setResolved] = useState(Boolean(userId));
  useEffect(() => {
    if (userId) return;
    setId(userIdFromPath(window.location.pathname));
    setResolved(true);
  }, [userId]);
  useEffect(() => {
    if (resolved && !id) (navigate ?? ((url) => window.location.replace(url)))('/admin');
  }, [resolved, id, navigate]);
  return id;
}

export function useAdminUser(userId: string) {
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: userQueryKey(userId),
    queryFn: () => adminApi.user(userId),
    retry: retryUnlessRefused,
  });
  const reset = usePasswordReset();
  const [moving, setMoving] = useState<AdminBookingHistoryEntry | null>(null);

  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  const failure: Message = notFound
    ? MESSAGES.userProfileNotFound
    : adminLoadFailure(detail.error, MESSAGES.userDetailsLoadFailed);
  useErrorToast(detail.isError, failure, {
    error: detail.error,
    logAs: 'Failed to load user details',
  });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: userQueryKey(userId) });
  };
  /** The picker's way back: this page's history, already up to date, rather than a reload. */
  const finishMoving = () => {
    setMoving(null);
    refresh();
  };

  return {
    detail,
    notFound,
    failure,
    sendPasswordReset: (profile: { id: string; email: string }) =>
      reset.mutate({ id: profile.id, email: profile.email }),
    moving,
    startMoving: setMoving,
    stopMoving: () => setMoving(null),
    finishMoving,
  };
}

const MORE_BOOKINGS_FAILED = { title: 'Error', description: 'Failed to load more bookings.' };

/**
 * The user's whole booking history as far as the admin has asked: the detail's first page, then
 * the pages after it (decision 075), fetched on "Load more bookings" only. Kept under the user's
 * query key, so a cancel or move refetches the pages shown; a new first page (the detail moved
 * on) starts the rest afresh from its own cursor.
 */
export function useBookingHistory(detail: AdminUserDetail) {
  const userId = detail.profile.id;
  const [asked, setAsked] = useState(false);
  const more = useInfiniteQuery({
    queryKey: [...userQueryKey(userId), 'bookings', detail.bookingsNextCursor],
    queryFn: ({ pageParam }) => adminApi.userBookings(userId, pageParam),
    initialPageParam: detail.bookingsNextCursor ?? '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: asked && detail.bookingsNextCursor !== null,
    retry: retryUnlessRefused,
  });
  useErrorToast(more.isError, (error) => adminLoadFailure(error, MORE_BOOKINGS_FAILED), {
    error: more.error,
    logAs: 'Failed to load more bookings',
  });
  const pages = more.data?.pages ?? [];
  const last = pages.at(-1);
  return {
    bookings: [...detail.bookings, ...pages.flatMap((page) => page.items)],
    hasMore: last ? last.nextCursor !== null : detail.bookingsNextCursor !== null,
    loading: (more.isPending && more.isFetching) || more.isFetchingNextPage,
    loadMore: () => (asked ? void more.fetchNextPage() : setAsked(true)),
  };
}

/** Sends the reset e-mail with the spec's toasts; shared by the table and the user page. */
export function usePasswordReset() {
  return useMutation({
    mutationFn: (user: { id: string; email: string }) => adminApi.sendPasswordReset(user.id),
    onSuccess: (sent, user) =>
      toastSuccess(
        fillMessage(MESSAGES.adminPasswordResetSent, { email: sent?.email ?? user.email }),
      ),
    onError: (error) => {
      console.error('Password reset failed', error);
      toastError(MESSAGES.adminPasswordResetFailed);
    },
  });
}
