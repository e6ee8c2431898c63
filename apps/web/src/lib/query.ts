import { QueryClient } from '@tanstack/react-query';

/**
 * One query client for the app. Failures are already reported by the error catalogue, so queries
 * do not retry a refused call (a 4xx would only repeat its toast).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
