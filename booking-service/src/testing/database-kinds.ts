import { type TestDbKind, testSettings } from './test-settings.ts';

export type { TestDbKind };

/** The database kinds each suite runs on: `describe.each(TEST_DB_KINDS)('%s', (kind) => ...)`. */
export const TEST_DB_KINDS: readonly TestDbKind[] = testSettings.dbKinds;
