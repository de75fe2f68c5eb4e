// /my-account "Calendar feed" (decision 056): the account's personal calendar address, which
// calendar apps subscribe to so every upcoming session (and each move or cancel) shows up by
// itself. The address is a secret, so the page says so, offers to copy it, and rotates it: the
// old address stops working at once. Signed out it renders nothing (the account page beside it
// shows the login prompt).
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiFetch } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-client.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { toastError, toastSuccess } from '../shared/app-toaster.tsx';
import { ConfirmDialog } from '../shared/confirm-dialog.tsx';
import './calendar-feed-section.css';

export const FEED_TEXTS = {
  copied: 'Calendar address copied',
  copyFailed: 'The address could not be copied: select it and copy it yourself',
  rotated: 'New calendar address made: the old one no longer works',
  rotateFailed: 'The calendar address could not be changed. Please try again',
  loadFailed: 'Your calendar address could not be loaded. Please reload the page.',
} as const;

// Not under ['me']: the account page removes ['me', …] queries while its session is still
// loading, which would strand this one mid-flight (it stayed "Loading…" in the stack journey).
const FEED_KEY = ['calendar-feed'] as const;

export const calendarFeedApi = {
  get: () => apiFetch('/api/me/calendar-feed', 'CalendarFeedSchema'),
  // Not repeatable: a second rotation would replace the address the first one showed.
  rotate: () => apiFetch('/api/me/calendar-feed/rotate', 'CalendarFeedSchema', { method: 'POST' }),
} as const;

async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('No clipboard');
  await navigator.clipboard.writeText(text);
}

function RotateFeed({ onRotated }: { onRotated: () => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const rotate = useMutation({
    mutationFn: calendarFeedApi.rotate,
    onSuccess: (feed) => {
      queryClient.setQueryData(FEED_KEY, feed);
      setOpen(false);
      toastSuccess({ title: FEED_TEXTS.rotated });
      onRotated();
    },
    onError: (failure) => {
      console.error('Rotating the calendar feed failed', failure);
      setOpen(false);
      toastError({ title: FEED_TEXTS.rotateFailed });
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className="btn btn--outline">
          Rotate link
        </button>
      }
      title="Rotate your calendar link?"
      description="The current address stops working at once. Calendars subscribed to it stop updating until you add the new address to them."
      keepLabel="Keep current link"
      confirmLabel="Rotate link"
      busy={rotate.isPending}
      onConfirm={() => rotate.mutate()}
    />
  );
}

function FeedAddress() {
  const inputId = useId();
  const feed = useQuery({ queryKey: FEED_KEY, queryFn: calendarFeedApi.get });
  const [copied, setCopied] = useState(false);
  if (feed.isPending) return <p role="status">Loading your calendar address…</p>;
  if (feed.isError) return <p role="alert">{FEED_TEXTS.loadFailed}</p>;
  const url = feed.data.url;
  const copy = async () => {
    try {
      await copyText(url);
      setCopied(true);
      toastSuccess({ title: FEED_TEXTS.copied });
    } catch {
      toastError({ title: FEED_TEXTS.copyFailed });
    }
  };
  return (
    <>
      <label htmlFor={inputId} className="calendar-feed__label">
        Your calendar address
      </label>
      <div className="calendar-feed__row">
        <input
          id={inputId}
          className="calendar-feed__url"
          type="text"
          readOnly
          value={url}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn btn--primary" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy link'}
        </button>
        <RotateFeed onRotated={() => setCopied(false)} />
      </div>
    </>
  );
}

function CalendarFeedContent() {
  const { data: session, isPending } = useSession();
  if (isPending || !session?.user) return null;
  return (
    <section className="account-card calendar-feed" aria-labelledby="calendar-feed-heading">
      <h2 id="calendar-feed-heading">Calendar feed</h2>
      <p className="calendar-feed__lead">
        Add this address to Google Calendar, Apple Calendar or Outlook (“subscribe from URL”) and
        your upcoming sessions appear there, moving or disappearing when a booking is rescheduled or
        cancelled. Each session links to its join page.
      </p>
      <p className="calendar-feed__lead">
        Keep it private: anyone with the address can see your sessions. If it was shared by mistake,
        rotate it: the old address stops working and you subscribe with the new one.
      </p>
      <FeedAddress />
    </section>
  );
}

/** Tests pass their own query client; the page shares its islands' one. */
export function CalendarFeedSection({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders {...(queryClient ? { queryClient } : {})}>
      <CalendarFeedContent />
    </AppProviders>
  );
}

export default CalendarFeedSection;
