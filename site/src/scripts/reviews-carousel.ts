// The behaviour of the home page's reviews carousel (components/reviews-carousel.astro), in
// plain TypeScript: a React island for this cost the home page ~60 KiB of runtime (decision 035).
// The list scrolls and snaps without any script; this adds previous/next buttons, arrow-key
// paging and a live "Showing reviews x–y of n" status.

/** The first review shown after paging forward; wraps to the start from the last page. */
export function nextFirst(first: number, perView: number, total: number): number {
  const last = Math.max(0, total - perView);
  return first >= last ? 0 : Math.min(first + perView, last);
}

/** The first review shown after paging back; wraps to the last page from the start. */
export function previousFirst(first: number, perView: number, total: number): number {
  const last = Math.max(0, total - perView);
  return first <= 0 ? last : Math.max(first - perView, 0);
}

/** "Showing review 2 of 9" or "Showing reviews 4–6 of 9". */
export function carouselStatus(first: number, perView: number, total: number): string {
  if (perView === 1) return `Showing review ${first + 1} of ${total}`;
  return `Showing reviews ${first + 1}–${Math.min(first + perView, total)} of ${total}`;
}

function measure(track: HTMLElement): { step: number; perView: number } {
  const slide = track.firstElementChild as HTMLElement | null;
  const gap = Number.parseFloat(getComputedStyle(track).columnGap) || 0;
  const step = (slide?.getBoundingClientRect().width ?? track.clientWidth) + gap;
  const perView = Math.max(1, Math.round((track.clientWidth + gap) / step));
  return { step, perView };
}

/** Wires one carousel: `[data-carousel]` holding the track, status and both buttons. */
export function enhanceCarousel(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('[data-carousel-track]');
  const status = root.querySelector<HTMLElement>('[data-carousel-status]');
  const previous = root.querySelector<HTMLButtonElement>('[data-carousel-previous]');
  const next = root.querySelector<HTMLButtonElement>('[data-carousel-next]');
  if (!track || !status || !previous || !next) return;
  const total = track.children.length;
  let view = { first: 0, perView: 1 };

  const show = (first: number, perView: number) => {
    if (first === view.first && perView === view.perView && status.textContent) return;
    view = { first, perView };
    status.textContent = carouselStatus(first, perView, total);
  };

  const update = () => {
    const { step, perView } = measure(track);
    show(Math.min(Math.round(track.scrollLeft / step), Math.max(0, total - perView)), perView);
  };

  const goTo = (first: number) => {
    const { step, perView } = measure(track);
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    track.scrollTo({ left: first * step, behavior: reduce ? 'auto' : 'smooth' });
    // Reflect the target at once: smooth scrolling reports its position only as it moves.
    show(first, perView);
  };
  const forward = () => goTo(nextFirst(view.first, view.perView, total));
  const back = () => goTo(previousFirst(view.first, view.perView, total));

  let frame = 0;
  const onScroll = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(update);
  };
  track.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onScroll);
  next.addEventListener('click', forward);
  previous.addEventListener('click', back);
  // The arrow keys page the carousel wherever focus is inside it (track or buttons).
  root.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowRight') forward();
    else if (event.key === 'ArrowLeft') back();
    else return;
    event.preventDefault();
  });

  update();
  previous.disabled = false;
  next.disabled = false;
  root.dataset.hydrated = 'true';
}
