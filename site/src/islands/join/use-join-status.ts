// Why /join/{bookingId} was served instead of the meeting, asked of the service (decision 056),
// and asked again every few seconds while the family waits for the tutor to open the lesson's
// room (docs/decisions/098): not while the tab is hidden (asked at once when it is shown again),
// and never once the page has unmounted. Once the room is open the page stops asking: each
// answer would mint another entry to the room.
import type { JoinStatus } from '@tuition/api-contract';
import { useEffect, useState } from 'react';
import { ApiError, apiFetch } from '../../lib/api-client.ts';

export type JoinView =
  | { kind: 'loading' }
  | { kind: 'status'; status: JoinStatus }
  | { kind: 'signed-out' }
  | { kind: 'not-found' }
  | { kind: 'failed' };

/** How often the waiting page asks whether the tutor has started. */
export const WAITING_POLL_MS = 5000;

/** The booking id of /join/{id}, or '' when the path has none. */
export function bookingIdFromPath(pathname: string): string {
  return decodeURIComponent(/^\/join\/([^/]+)\/?$/.exec(pathname)?.[1] ?? '');
}

function failureView(error: unknown): JoinView {
  if (error instanceof ApiError && error.status === 401) return { kind: 'signed-out' };
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return { kind: 'not-found' };
  }
  return { kind: 'failed' };
}

/**
 * The join status of the booking in `pathname` (the page's own path when not given). Without a
 * `pathname` (the real page), an open status without a room reloads, so the service's own
 * redirect to the standing meeting link takes over.
 */
export function useJoinStatus(pathname: string | undefined): JoinView {
  const [view, setView] = useState<JoinView>({ kind: 'loading' });
  useEffect(() => {
    const id = bookingIdFromPath(pathname ?? window.location.pathname);
    if (!id) {
      setView({ kind: 'not-found' });
      return;
    }
    let live = true;
    let waiting = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hidden = () => document.visibilityState === 'hidden';
    const askAgainSoon = () => {
      clearTimeout(timer);
      if (live && waiting && !hidden()) timer = setTimeout(ask, WAITING_POLL_MS);
    };
    function ask() {
      apiFetch(`/api/me/bookings/${encodeURIComponent(id)}/join`, 'JoinStatusSchema', {
        repeatable: true,
      }).then(
        (status) => {
          if (!live) return;
          waiting = status.state === 'waiting-for-tutor';
          setView({ kind: 'status', status });
          if (status.state === 'open' && !status.room && !pathname) window.location.reload();
          askAgainSoon();
        },
        (error: unknown) => {
          if (!live) return;
          const next = failureView(error);
          // A failed ask while waiting keeps the waiting page and asks again on the next tick.
          if (waiting && next.kind === 'failed') return askAgainSoon();
          waiting = false;
          setView(next);
        },
      );
    }
    const onVisibility = () => {
      clearTimeout(timer);
      if (live && waiting && !hidden()) ask();
    };
    document.addEventListener('visibilitychange', onVisibility);
    ask();
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [pathname]);
  return view;
}
