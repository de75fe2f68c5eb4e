// /my-account's islands share the page's query cache. The account card forgets the account's
// cached answers once the visitor is known to be signed out, but never while the session is
// still being read: the sections loading beside it (children, calendar feed, waiting places)
// would lose their queries and stay on "Loading" for good.
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => ({ isPending: true }));
vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({ data: null, isPending: session.isPending }),
}));

const { AccountPage } = await import('./account-page.tsx');
const { AppProviders } = await import('../shared/app-providers.tsx');

/** Another island on the page, holding an answer of the account in the shared cache. */
function NeighbourIsland({ onClient }: { onClient: (client: QueryClient) => void }) {
  const client = useQueryClient();
  onClient(client);
  return null;
}

afterEach(cleanup);

describe('the account page and the shared cache', () => {
  it("keeps the account's cached answers while the session loads, and drops them once signed out", async () => {
    let shared: QueryClient | undefined;
    render(
      <AppProviders>
        <NeighbourIsland
          onClient={(client) => {
            shared = client;
          }}
        />
      </AppProviders>,
    );
    shared!.setQueryData(['me', 'pupils'], { pupils: [{ id: 'p1', name: 'Sam' }] });

    const page = render(<AccountPage />);
    expect(page.getByText('Loading your account...')).toBeTruthy();
    expect(shared!.getQueryData(['me', 'pupils'])).toBeDefined();

    session.isPending = false;
    page.rerender(<AccountPage />);
    await waitFor(() => expect(shared!.getQueryData(['me', 'pupils'])).toBeUndefined());
  });
});
