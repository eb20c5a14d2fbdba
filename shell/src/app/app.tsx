import { BrowserRouter, QueryClient, QueryClientProvider } from '@gi/platform';
import { queryClientDefaults } from '@gi/ui';
import { AppRoutes } from './router.tsx';

// The one QueryClient of the page; remotes reach it through the shared @gi/platform singleton.
const queryClient = new QueryClient({ defaultOptions: queryClientDefaults });

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
