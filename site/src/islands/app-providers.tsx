// What every application island renders inside: Radix Themes' <Theme> in the site's colours,
// TanStack Query (queries retry 3 times as the spec's data layer did, mutations never: a
// repeated payment or cancel is not harmless), and sonner's toasts (spec §9: about 5 s, at
// most 3 at once). Each island is its own React root, so a page with several islands would
// get several <Toaster>s and every toast twice; one Toaster per page claims the job.
import { Theme } from '@radix-ui/themes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Toaster, toast } from 'sonner';

/** A catalogue message (MESSAGES of @tuition/domain): title and optional description. */
export interface ToastMessage {
  title: string;
  description?: string;
}

const toastOptions = (message: ToastMessage) =>
  message.description === undefined ? {} : { description: message.description };

/** A success toast from a catalogue message. */
export function toastSuccess(message: ToastMessage): void {
  toast.success(message.title, toastOptions(message));
}

/** A destructive (error-styled) toast from a catalogue message, as spec §8 asks. */
export function toastError(message: ToastMessage): void {
  toast.error(message.title, toastOptions(message));
}

/** A neutral toast (e.g. "Logging you in..."). */
export function toastInfo(message: ToastMessage): void {
  toast(message.title, toastOptions(message));
}

// The first Toaster mounted on the page shows every toast; later ones render nothing until
// it goes away. Module state is shared by all islands of a page (one module instance).
let toasterOwner: symbol | null = null;
const ownerListeners = new Set<() => void>();

/** sonner's Toaster with the spec's settings, rendered once per page whatever mounts it. */
export function PageToaster() {
  const [me] = useState(() => Symbol('toaster'));
  const [isOwner, setIsOwner] = useState(false);
  useEffect(() => {
    const claim = () => {
      if (toasterOwner === null) toasterOwner = me;
      setIsOwner(toasterOwner === me);
    };
    claim();
    ownerListeners.add(claim);
    return () => {
      ownerListeners.delete(claim);
      if (toasterOwner === me) {
        toasterOwner = null;
        for (const listener of ownerListeners) listener();
      }
    };
  }, [me]);
  if (!isOwner) return null;
  return <Toaster visibleToasts={3} duration={5000} richColors closeButton position="top-right" />;
}

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
        {children}
        {mounted && <PageToaster />}
      </Theme>
    </QueryClientProvider>
  );
}
