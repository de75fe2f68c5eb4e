// "Watch recording" (docs/decisions/099): asks the service for a link that lives a few minutes
// (each ask is a view, counted and audited) and opens it in a new tab without an opener or a
// referrer. The link is never shown, kept or logged. How often this account has watched is said
// under the button ("Viewed by you 2 times").
import type { RecordingLink } from '@tuition/api-contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import './watch-recording.css';

/** "Viewed by you once", "Viewed by you 3 times"; nothing before the first view. */
export function viewedLine(count: number): string {
  if (count <= 0) return '';
  return count === 1 ? 'Viewed by you once' : `Viewed by you ${count} times`;
}

export interface WatchRecordingProps {
  /** Asks the service for a fresh link (a view). */
  fetchLink: () => Promise<RecordingLink>;
  /** Views so far, as the list knows them. */
  viewCount: number;
  /** Names the lesson to screen readers: "Sam’s lesson on Tuesday 1 December 2026". */
  about: string;
}

export function WatchRecording({ fetchLink, viewCount, about }: WatchRecordingProps) {
  const [views, setViews] = useState(viewCount);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const watch = async () => {
    setBusy(true);
    setProblem('');
    try {
      const link = await fetchLink();
      window.open(link.url, '_blank', 'noopener,noreferrer');
      setViews(link.viewCount);
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status === 404
          ? 'This recording can no longer be watched.'
          : 'The recording could not be opened. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };
  const viewed = viewedLine(views);
  return (
    <div className="watch-recording">
      <button type="button" className="btn btn--soft" disabled={busy} onClick={() => void watch()}>
        {busy ? 'Opening…' : 'Watch recording'}
        <span className="visually-hidden"> of {about} (opens in a new tab)</span>
      </button>
      {viewed && <span className="watch-recording__views">{viewed}</span>}
      {problem && (
        <p className="watch-recording__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
