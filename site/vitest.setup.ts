// What jsdom lacks and the islands' libraries call, filled once for every test file (decision
// 043) instead of in each test: Radix Themes and sonner read matchMedia (dark mode, reduced
// motion) and ResizeObserver (sizes of popovers and toasts); Radix's menus and selects call
// scrollIntoView and the pointer-capture methods when opened with a pointer. Each fill only
// stands in where jsdom has nothing, so a jsdom that gains one uses its own. Files that run in
// Node (`@vitest-environment node`) have no window and need none of this.

if (typeof window !== 'undefined') {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    onchange: null,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;

  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;

  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
}

// Testing Library's waitFor and findBy* wait up to 1 s by default; on the shared 2-core machine a
// dialog's focus return, a refetch or a lazy chunk's first compile can take several seconds
// while the service's suites run beside these (decision 127). A passing expectation still
// returns as soon as it holds (decision 120); only a failing one waits the whole 10 s.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}

export {};
