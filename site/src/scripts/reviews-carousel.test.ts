import { describe, expect, it } from 'vitest';
import { carouselStatus, nextFirst, previousFirst } from './reviews-carousel.ts';

describe('reviews carousel paging', () => {
  it('pages forward by a whole view, stops at the last full view, then wraps to the start', () => {
    expect(nextFirst(0, 3, 8)).toBe(3);
    expect(nextFirst(3, 3, 8)).toBe(5);
    expect(nextFirst(5, 3, 8)).toBe(0);
  });

  it('pages back by a whole view and wraps from the start to the last full view', () => {
    expect(previousFirst(5, 3, 8)).toBe(2);
    expect(previousFirst(2, 3, 8)).toBe(0);
    expect(previousFirst(0, 3, 8)).toBe(5);
    expect(previousFirst(0, 1, 8)).toBe(7);
  });

  it('never pages when every review fits in one view', () => {
    expect(nextFirst(0, 3, 2)).toBe(0);
    expect(previousFirst(0, 3, 2)).toBe(0);
  });

  it('says which reviews are showing', () => {
    expect(carouselStatus(0, 1, 8)).toBe('Showing review 1 of 8');
    expect(carouselStatus(3, 3, 8)).toBe('Showing reviews 4–6 of 8');
    expect(carouselStatus(6, 3, 8)).toBe('Showing reviews 7–8 of 8');
  });
});
