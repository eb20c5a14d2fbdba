import { useSearchParams } from '@gi/platform';
import { lazy, Suspense } from 'react';

const Outcome = lazy(() => import('./unsubscribe-outcome.tsx'));

/**
 * Where the unsubscribe lands (`/?langganan=<outcome>`, decision 042): what happened, said on
 * the page. Only the check of the address is on the first view; the notice loads when there is one.
 */
export function UnsubscribeNotice() {
  const [params] = useSearchParams();
  const outcome = params.get('langganan');
  if (!outcome) return null;
  return (
    <Suspense fallback={null}>
      <Outcome outcome={outcome} />
    </Suspense>
  );
}
