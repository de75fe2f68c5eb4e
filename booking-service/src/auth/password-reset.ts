import type { Auth } from './auth.ts';
import { asAdminTriggeredReset } from './auth-mail-senders.ts';

/**
 * An admin sends a customer the password-reset e-mail (docs/product-rules.md#pages /admin "Send
 * Password Reset"). Goes through better-auth's own reset-token machinery; the mail names the admin,
 * so the customer knows who started it. Unknown addresses are silently ignored, as for
 * self-service.
 */
export async function sendAdminPasswordReset(
  deps: { auth: Auth },
  input: { email: string; adminName: string },
): Promise<void> {
  await asAdminTriggeredReset(input.adminName, () =>
    deps.auth.api.requestPasswordReset({ body: { email: input.email } }),
  );
}
