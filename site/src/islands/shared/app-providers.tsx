// What every application island renders inside: Radix Themes' <Theme> in the site's colours,
// TanStack Query (queries retry 3 times as the spec's data layer did, mutations never: a repeated
// payment or cancel is not harmless), and sonner's toasts (docs/product-rules.md#messages: about 5
// s, at most 3 at once). Each island is its own React root, so a page with several islands would
// get several <Toaster>s and every toast twice; one Toaster per page claims the job (see
// ./app-toaster.tsx, which the header's lazy chunks use without Radix Themes).
import '../../lib/zod-jitless.ts';
import { Theme } from '@radix-ui/themes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { PageToaster } from './app-toaster.tsx';
import { IslandErrorBoundary } from './island-error-boundary.tsx';
import './app-providers.css';

export {
  PageToaster,
  type ToastMessage,
  toastError,
  toastInfo,
  toastSuccess,
} from './app-toaster.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 3, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

// One client per page, shared by the islands, so a query made by one is cached for another.
let pageQueryClient: QueryClient | undefined;
function sharedQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  pageQueryClient ??= createQueryClient();
  return pageQueryClient;
}

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client; islands share the page's. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? sharedQueryClient());
  // Radix Themes' portals (dialogs, menus) attach to <body>; rendering them before hydration
  // would differ from the server HTML, so they appear once mounted.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <QueryClientProvider client={client}>
      <Theme
        accentColor="indigo"
        grayColor="slate"
        radius="medium"
        scaling="100%"
        hasBackground={false}
        className="app-theme"
      >
        <IslandErrorBoundary>{children}</IslandErrorBoundary>
        {mounted && <PageToaster />}
      </Theme>
    </QueryClientProvider>
  );
}
