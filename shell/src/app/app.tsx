import { BrowserRouter, QueryClient, QueryClientProvider } from '@gi/platform';
import { AppRoutes } from './router.tsx';

// The one QueryClient of the page; remotes reach it through the shared @gi/platform singleton.
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 5 * 60_000, retry: 1 } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
