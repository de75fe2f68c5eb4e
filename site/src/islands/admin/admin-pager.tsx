// The admin lists' keyset paging (decision 075): "Load more" under a list that grows, and
// Previous / Next over a table shown a page at a time. Both stay focusable while a page loads
// (aria-disabled, not disabled), so a keyboard user's focus is never dropped on the page body.
import { Button, Flex, Spinner } from '@radix-ui/themes';
import { type RefObject, useEffect, useRef } from 'react';

/** Looks disabled and says so, but keeps focus: a disabled button would drop it. */
const unavailableProps = (busy: boolean) => ({
  'aria-disabled': busy || undefined,
  'data-disabled': busy || undefined,
});

/**
 * "Load more …" under a list, shown while there is a next page. Once the page arrives, focus
 * moves to the first new item's `focusSelector` (its heading button or row heading), so a
 * keyboard user carries on reading where the list grew; if loading failed it stays here.
 */
export function LoadMoreButton({
  what,
  hasMore,
  loading,
  onLoadMore,
  listRef,
  itemSelector,
  focusSelector,
}: {
  /** What the list holds, as in "Load more sessions". */
  what: string;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  listRef: RefObject<HTMLElement | null>;
  itemSelector: string;
  focusSelector: string;
}) {
  // How many items there were when more was asked for: the first new one's index. Checked
  // after every render, as the page can land in the same render that ends the loading.
  const asked = useRef<{ firstNew: number; sawLoading: boolean } | null>(null);
  useEffect(() => {
    const pending = asked.current;
    if (!pending) return;
    if (loading) {
      pending.sawLoading = true;
      return;
    }
    const item = listRef.current?.querySelectorAll(itemSelector)[pending.firstNew];
    if (!item && !pending.sawLoading) return;
    // Arrived, or finished without new items (it failed): either way this ask is over.
    asked.current = null;
    const target = item?.matches(focusSelector) ? item : item?.querySelector(focusSelector);
    if (target instanceof HTMLElement) target.focus();
  });

  if (!hasMore) return null;
  const loadMore = () => {
    if (loading) return;
    const shown = listRef.current?.querySelectorAll(itemSelector).length;
    asked.current = shown === undefined ? null : { firstNew: shown, sawLoading: false };
    onLoadMore();
  };
  return (
    <Flex justify="center" mt="4">
      <Button variant="soft" aria-busy={loading} {...unavailableProps(loading)} onClick={loadMore}>
        {loading ? (
          <>
            <Spinner /> Loading more {what}…
          </>
        ) : (
          `Load more ${what}`
        )}
      </Button>
    </Flex>
  );
}

/** Previous and Next over a table of keyset pages; the caller keeps the cursors. */
export function PreviousNext({
  label,
  hasPrevious,
  hasNext,
  loading,
  onPrevious,
  onNext,
}: {
  /** The navigation landmark's name, as "User pages". */
  label: string;
  hasPrevious: boolean;
  hasNext: boolean;
  loading: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const canPrevious = hasPrevious && !loading;
  const canNext = hasNext && !loading;
  return (
    <nav aria-label={label}>
      <Flex gap="2" align="center" wrap="wrap">
        <Button
          variant="soft"
          {...unavailableProps(!canPrevious)}
          onClick={() => canPrevious && onPrevious()}
        >
          Previous
        </Button>
        <Button variant="soft" {...unavailableProps(!canNext)} onClick={() => canNext && onNext()}>
          Next
        </Button>
      </Flex>
    </nav>
  );
}
