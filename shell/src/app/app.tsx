import { BrowserRouter, createQueryClient, QueryClientProvider } from '@gi/platform';
import { AppRoutes } from './router.tsx';

// The one QueryClient of the page; remotes reach it through the shared @gi/platform singleton.
const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
