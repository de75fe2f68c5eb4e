// The basket of the booking flow: wide screens show it beside the calendar; below 768 px a
// fixed bottom bar shows the count and total and opens the same basket as a slide-up sheet
// (./booking-bottom-bar.tsx). Both draw ./basket-contents.tsx. The bar only appears once a
// session is picked, so it and its dialog code load then, not with the page.
import { lazy, Suspense, useState } from 'react';
import { BasketLines, type BasketProps, Note, SubmitButton } from './basket-contents.tsx';

/** The side panel of wide screens. */
export function BookingBasket(props: BasketProps) {
  return (
    <section className="booking-basket" aria-labelledby="booking-basket-title">
      <h2 id="booking-basket-title" className="booking-basket__title">
        {props.mode === 'reschedule' ? 'New session' : 'Your sessions'}
      </h2>
      <BasketLines {...props} />
      <SubmitButton {...props} />
      <Note note={props.note} />
    </section>
  );
}

const BottomBarSheet = lazy(() =>
  import('./booking-bottom-bar.tsx').then(({ BookingBottomBar }) => ({
    default: BookingBottomBar,
  })),
);

/**
 * The fixed bar and slide-up sheet of narrow screens, from the first pick on. It floats over
 * the page (position: fixed), so nothing moves when it arrives; once shown it stays mounted so
 * "Clear All" in the open sheet leaves the sheet open.
 */
export function BookingBottomBar(props: BasketProps & { container?: HTMLElement | null }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted && props.selection.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <BottomBarSheet {...props} />
    </Suspense>
  );
}
