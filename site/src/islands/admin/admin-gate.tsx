// docs/product-rules.md#accounts-and-roles: signed-out visitors and customers are sent away from
// the admin pages (from /admin to /, from a user page to /admin). This is only the page's manners:
// the API answers 401/403 to them whatever the page does.
import { Flex, Spinner, Text } from '@radix-ui/themes';
import { type ReactNode, useEffect } from 'react';
import { roleOf, useSession } from '../../lib/auth-client.ts';

export type AdminGateState = 'checking' | 'admin' | 'denied';

/** Checks the session's role; anyone but an admin is sent to `redirectTo`. */
export function useAdminGate(
  redirectTo: string,
  navigate: (url: string) => void = (url) => window.location.replace(url),
): AdminGateState {
  const session = useSession();
  const state: AdminGateState = session.isPending
    ? 'checking'
    : roleOf(session.data?.user) === 'admin'
      ? 'admin'
      : 'denied';
  useEffect(() => {
    if (state === 'denied') navigate(redirectTo);
  }, [state, navigate, redirectTo]);
  return state;
}

/** Renders the admin content once the visitor is known to be an admin. */
export function AdminGate({
  redirectTo,
  navigate,
  children,
}: {
  redirectTo: string;
  navigate?: (url: string) => void;
  children: ReactNode;
}) {
  const state = useAdminGate(redirectTo, navigate);
  if (state === 'admin') return <>{children}</>;
  return (
    <Flex align="center" gap="2" py="6" role="status">
      <Spinner />
      <Text color="gray">
        {state === 'checking' ? 'Checking your access…' : 'Admins only: taking you back…'}
      </Text>
    </Flex>
  );
}
