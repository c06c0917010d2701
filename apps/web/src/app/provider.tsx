import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { useTheme } from '@/hooks/use-theme';
import { createQueryClient } from '@/lib/query-client';

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client (e.g. without retry delays); the app creates one. */
  queryClient?: QueryClient;
}

// Toasts show after an action, never on arrival: sonner loads beside the page, not with it
// (decision 022). A toast waits in sonner's own store until its Toaster is there.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function AppProvider({ children, queryClient: given }: AppProviderProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const { isDark } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <Suspense fallback={null}>
        {/* below the fixed 64 px navigation bar (navbar.tsx), which a toast would otherwise cover */}
        <Toaster
          richColors
          closeButton
          position="top-center"
          offset={{ top: 80 }}
          mobileOffset={{ top: 72 }}
          theme={isDark ? 'dark' : 'light'}
        />
      </Suspense>
    </QueryClientProvider>
  );
}
