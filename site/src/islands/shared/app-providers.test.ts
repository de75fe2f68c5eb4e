// Every island renders inside AppProviders, which loads lib/zod-jitless.ts first: the site's
// Content-Security-Policy allows no eval, so zod must never even probe for it.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';

describe('zod in the browser', () => {
  it('never asks for eval once an island or the header menu is loaded', async () => {
    await import('./app-providers.tsx');
    expect(z.config().jitless).toBe(true);
  });
});
