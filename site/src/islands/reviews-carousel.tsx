// The home page's reviews carousel: three reviews per view from 768 px, one below. It is a
// horizontally scrolling list with scroll snapping, so it still works (by swiping or
// scrolling) before this island hydrates; the island adds previous/next buttons, arrow-key
// paging and a live "Showing reviews x–y of n" status.
import type { Review } from '@tuition/content';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { ReviewCard } from './review-card.tsx';
import './reviews-carousel.css';

interface Props {
  reviews: readonly Review[];
  /** Accessible name of the carousel, e.g. the section heading. */
  label: string;
}

interface View {
  first: number;
  perView: number;
}

function measure(track: HTMLElement): { step: number; perView: number } {
  const slide = track.firstElementChild as HTMLElement | null;
  const gap = Number.parseFloat(getComputedStyle(track).columnGap) || 0;
  const step = (slide?.getBoundingClientRect().width ?? track.clientWidth) + gap;
  const perView = Math.max(1, Math.round((track.clientWidth + gap) / step));
  return { step, perView };
}

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

export function ReviewsCarousel({ reviews, label }: Props) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [view, setView] = useState<View>({ first: 0, perView: 1 });
  const [hydrated, setHydrated] = useState(false);
  const total = reviews.length;

  const update = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const { step, perView } = measure(track);
    const first = Math.min(Math.round(track.scrollLeft / step), Math.max(0, total - perView));
    setView((current) =>
      current.first === first && current.perView === perView ? current : { first, perView },
    );
  }, [total]);

  useEffect(() => {
    setHydrated(true);
    const track = trackRef.current;
    if (!track) return;
    update();
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      track.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [update]);

  const goTo = useCallback((first: number) => {
    const track = trackRef.current;
    if (!track) return;
    const { step } = measure(track);
    track.scrollTo({ left: first * step, behavior: scrollBehavior() });
    // Reflect the target at once: smooth scrolling reports its position only as it moves.
    setView((current) => ({ ...current, first }));
  }, []);

  const lastFirst = Math.max(0, total - view.perView);
  // Paging wraps around at both ends, so the buttons are never dead.
  const next = () =>
    goTo(view.first >= lastFirst ? 0 : Math.min(view.first + view.perView, lastFirst));
  const previous = () => goTo(view.first <= 0 ? lastFirst : Math.max(view.first - view.perView, 0));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    }
  };

  const lastShown = Math.min(view.first + view.perView, total);
  const status =
    view.perView === 1
      ? `Showing review ${view.first + 1} of ${total}`
      : `Showing reviews ${view.first + 1}–${lastShown} of ${total}`;

  return (
    // The arrow keys page the carousel wherever focus is inside it (track or buttons).
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      data-hydrated={hydrated}
    >
      <ul
        className="carousel__track"
        ref={trackRef}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be keyboard-reachable
        tabIndex={0}
        aria-label={`${label}: use the left and right arrow keys to see more`}
      >
        {reviews.map((review, index) => (
          <li
            className="carousel__slide"
            key={`${review.name}: ${review.text}`}
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${total}`}
          >
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
      <div className="carousel__controls">
        <button type="button" className="carousel__button" onClick={previous} disabled={!hydrated}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" />
          </svg>
          <span className="visually-hidden">Previous reviews</span>
        </button>
        <p className="carousel__status" aria-live="polite">
          {/* Before hydration the view size is unknown; say nothing rather than guess. */}
          {hydrated ? status : ''}
        </p>
        <button type="button" className="carousel__button" onClick={next} disabled={!hydrated}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M9 5l7 7-7 7" />
          </svg>
          <span className="visually-hidden">Next reviews</span>
        </button>
      </div>
    </section>
  );
}
