// What an island (or a part of one) that reads from the service on mount shows until the answer
// is in: its own placeholder while loading, and on failure the reason with "Try again", which
// reads again. The answer itself is drawn by `children`.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** The failure notice: what went wrong and a button that asks again. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <p className="notice notice--error" role="alert">
      {text}{' '}
      <button type="button" className="btn btn--outline" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}

export interface LoadShellProps<T> {
  query: UseQueryResult<T, Error>;
  /** Shown while the read is under way. */
  loading: ReactNode;
  /** What the failure notice says. */
  failedText: string;
  children: (data: T) => ReactNode;
}

export function LoadShell<T>({ query, loading, failedText, children }: LoadShellProps<T>) {
  if (query.isPending) return loading;
  if (query.isError) return <LoadFailed text={failedText} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
