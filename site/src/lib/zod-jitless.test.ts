import { z } from 'zod';
import { describe, expect, it } from 'vitest';

describe('zod in the browser', () => {
  it('never asks for eval once an island or the header menu is loaded', async () => {
    await import('../islands/shared/app-providers.tsx');
    expect(z.config().jitless).toBe(true);
  });
});
