// What the sign-in forms and /my-account's Change Password share: the password rule's hint and
// the "send me a reset link" request (docs/product-rules.md#accounts-and-roles).
import { PASSWORD_MIN_LENGTH } from '@tuition/domain';
import { authClient } from '../../lib/auth-client.ts';

export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters.`;

/** Sends the reset e-mail; resolves true when the service accepted the request. */
export async function requestPasswordResetEmail(email: string): Promise<boolean> {
  try {
    const { error } = await authClient.requestPasswordReset({
      email,
      redirectTo: '/reset-password-token',
    });
    if (error) {
      console.error('Password reset request failed', error);
      return false;
    }
    return true;
  } catch (error) {
    console.error('Password reset request failed', error);
    return false;
  }
}
