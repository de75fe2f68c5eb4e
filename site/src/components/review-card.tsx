// One review: stars out of 5 (with a text alternative), the quote, name and role. Rendered to
// HTML at build time by /reviews and the home page's reviews carousel, with no client directive:
// it ships no JavaScript, so it is a component, not an island.
import type { Review } from '@tuition/content';
import './review-card.css';

const STAR_PATH = 'M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z';

export function StarRating({ rating, outOf = 5 }: { rating: number; outOf?: number }) {
  return (
    <div className="stars" role="img" aria-label={`Rated ${rating} out of ${outOf}`}>
      {Array.from({ length: outOf }, (_, i) => (
        <svg
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items
          key={i}
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          className={i < rating ? 'star--on' : 'star--off'}
        >
          <path d={STAR_PATH} fill="currentColor" />
        </svg>
      ))}
    </div>
  );
}

export function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="review-card">
      <StarRating rating={review.rating} />
      <blockquote className="review-card__text">
        <p>{review.text}</p>
      </blockquote>
      <figcaption className="review-card__author">
        <span className="review-card__avatar" aria-hidden="true">
          {review.name.charAt(0)}
        </span>
        <span>
          <span className="review-card__name">{review.name}</span>
          <span className="review-card__role">{review.role}</span>
        </span>
      </figcaption>
    </figure>
  );
}
