// The auth client declares the service's sign-up fields the better-auth way, so a sign-up body
// with accountType type-checks without a workaround. These are type assertions: `pnpm typecheck`
// (tsc over the test files) fails when the declaration is missing or loses its values.
import type { AccountType } from '@tuition/domain';
import { describe, expectTypeOf, it } from 'vitest';
import type { AuthSession, authClient } from './auth-client.ts';

type SignUpBody = Parameters<typeof authClient.signUp.email>[0];

describe('auth client fields', () => {
  it('takes accountType at sign-up, parent or student only, and optional', () => {
    expectTypeOf<SignUpBody>().toHaveProperty('accountType');
    expectTypeOf<NonNullable<SignUpBody['accountType']>>().toEqualTypeOf<AccountType>();
    expectTypeOf<{
      name: string;
      email: string;
      password: string;
    }>().toExtend<SignUpBody>();
  });

  it("reads accountType on the session's user", () => {
    expectTypeOf<NonNullable<AuthSession['user']['accountType']>>().toEqualTypeOf<AccountType>();
  });
});
