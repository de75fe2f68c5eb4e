// docs/product-rules.md#accounts-and-roles: signed-out visitors and customers are sent away from
// the admin pages (from /admin to /, from a user page to /admin). This is only the page's manners:
// the API answers 401/403 to them whatever the page does. The role comes from one get-session
// call (src/lib/auth-session.ts), not better-auth's client: the admin pages never sign anyone in
// or out, so they need not download it (about 11 KiB gzip).
import { Flex, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { fetchSessionUser, onSessionChange, roleOf } from '../../lib/auth-session.ts';

export type AdminGateState = 'checking' | 'admin' | 'denied';

/** The signed-in user, asked again when another island or tab signs in or out. */
function useSessionUser() {
  const session = useQuery({ queryKey: ['auth', 'session-user'], queryFn: fetchSessionUser });
  const { refetch } = session;
  useEffect(() => onSessionChange(() => void refetch()), [refetch]);
  return session;
}

/** Checks the session's role; anyone but an admin is sent to `redirectTo`. */
export function useAdminGate(
  redirectTo: string,
  navigate: (url: string) => void = (url) => window.location.replace(url),
): AdminGateState {
  const session = useSessionUser();
  // Only an answer fetched for this gate counts, never one cached by an earlier render.
  const state: AdminGateState = !session.isFetchedAfterMount
    ? 'checking'
    : roleOf(session.data) === 'admin'
      ? 'admin'
      : 'denied';
  useEffect(() => {
    if (state === 'denied') navigate(redirectTo);
  }, [state, navigate, redirectTo]);
  return state;
}

/**
 * Renders the admin content once the visitor is known to be an admin. Until then it shows
 * `checking` when given: the page's frame without data (also what the server renders), so the
 * first paint already has it and nothing moves when the content arrives.
 */
export function AdminGate({
  redirectTo,
  navigate,
  checking,
  children,
}: {
  redirectTo: string;
  navigate?: (url: string) => void;
  checking?: ReactNode;
  children: ReactNode;
}) {
  const state = useAdminGate(redirectTo, navigate);
  // The admin content is a large tree (figures, charts, tables): mounted in a transition, React
  // renders it in short slices instead of one long task that would block the page meanwhile.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (state === 'admin') startTransition(() => setShown(true));
  }, [state]);
  if (state === 'admin' && shown) return <>{children}</>;
  if (state !== 'denied' && checking) return <>{checking}</>;
  return (
    <Flex align="center" gap="2" py="6" role="status">
      <Spinner />
      <Text color="gray">
        {state === 'denied' ? 'Admins only: taking you back…' : 'Checking your access…'}
      </Text>
    </Flex>
  );
}
