// axe-core scans for both Playwright suites (e2e/ and e2e-stack/). The scan is axe-core's own
// `axe.run`, with the options @axe-core/playwright's legacy mode passes; what differs is that
// axe's source goes into a document once, not twice per scan, and stays there for the next
// scan of the same document (decision 128).
import type { Page } from '@playwright/test';
import axe, { type AxeResults, type RunOptions } from 'axe-core';

/** The rules every scan runs: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

export interface AxeScanOptions {
  /** Only this part of the page (a CSS selector); the whole document when left out. */
  include?: string;
  /** Build the details of violations only: passing nodes are counted, not described. */
  violationsOnly?: boolean;
}

// Same-origin frames only: the site embeds none, and a scan never reads another origin's page.
const INSTALL = `${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'] });`;

/**
 * Runs axe in the page once its animations have ended. Each frame without axe gets it first; a
 * frame that has it from an earlier scan of the same document keeps it.
 */
export async function axeScan(page: Page, options: AxeScanOptions = {}): Promise<AxeResults> {
  // Colours read mid-transition are neither state's (a button fading from its disabled grey, a
  // dialog's overlay leaving): wait for every finite animation and transition to end.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  for (const frame of page.frames()) {
    const loaded = await frame.evaluate(
      () => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function',
    );
    if (!loaded) await frame.evaluate(INSTALL);
  }
  const runOptions: RunOptions = {
    runOnly: { type: 'tag', values: AXE_TAGS },
    ...(options.violationsOnly ? { resultTypes: ['violations'] } : {}),
  };
  const outcome = await page.evaluate(
    async ({ include, runOptions }) => {
      const engine = (window as unknown as { axe: typeof axe }).axe;
      try {
        const context = include ? { include: [[include]] } : document;
        return { results: await engine.run(context, runOptions) };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    },
    { include: options.include, runOptions },
  );
  if ('error' in outcome) throw new Error(`axe could not scan ${page.url()}: ${outcome.error}`);
  return outcome.results as AxeResults;
}
