import type { BrowserRoute } from 'virtual:page-routes';
import {
  Component,
  type ComponentType,
  createContext,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useState,
} from 'react';
import { enableInertControls, pageHydrated } from './inert-controls.ts';
import { loadRemoteComponent } from './load-remote.ts';
import styles from './remote-route.module.css';

// Lazy pages live outside React state: a navigation renders in a transition and
// discards uncommitted state, so a page created during render would load forever.
const pages = new Map<string, LazyExoticComponent<ComponentType>>();
const retrying = new Set<string>();

type RemoteRef = Pick<BrowserRoute, 'remote' | 'module'>;

export function lazyRemote<P extends object = object>(ref: RemoteRef): LazyExoticComponent<ComponentType<P>> {
  const key = `${ref.remote}:${ref.module}`;
  let page = pages.get(key);
  if (!page) {
    const retry = retrying.delete(key);
    page = lazy(async () => {
      const component = await loadRemoteComponent(ref.remote, ref.module, retry);
      enableInertControls();
      return { default: afterHydration(component) };
    });
    pages.set(key, page);
  }
  // Props are the remote's contract; the loader cannot know their type.
  return page as unknown as LazyExoticComponent<ComponentType<P>>;
}

/**
 * The page, saying once it has committed (for the server's page: hydrated on its nodes) that the
 * presses held meanwhile can be carried out. A wrapper without ids of its own: the page's useId
 * ids stay the server's.
 */
function afterHydration(Page: ComponentType): ComponentType {
  return function HydratedPage(props) {
    useEffect(pageHydrated, []);
    return <Page {...props} />;
  };
}

/** Drops a loaded page, so its next use loads the remote again. */
export function forgetRemote(ref: RemoteRef): void {
  const key = `${ref.remote}:${ref.module}`;
  pages.delete(key);
  retrying.add(key);
}

/** On the server (shell/src/ssr.tsx) the page is not loaded: this stands in for it, where the Worker puts the remote's HTML. */
export const ServerPage = createContext<ComponentType | null>(null);

/**
 * One page owned by a remote: loads it, shows a loading state, and isolates its failures.
 * When the shell hydrates the server's HTML, the page's part waits dehydrated (the server's
 * nodes, on show and untouched) until the remote's module arrives, then hydrates.
 */
export function RemoteRoute({ route }: { route: BrowserRoute }) {
  const [attempt, setAttempt] = useState(0);
  const Page = useContext(ServerPage) ?? lazyRemote(route);

  // Pages of one record (':id', ':slug') title themselves once their data is in.
  useEffect(() => {
    if (!route.path.includes(':')) document.title = route.title;
  }, [route.path, route.title]);

  return (
    <RemoteErrorBoundary
      key={`${route.remote}:${route.module}:${attempt}`}
      onRetry={() => {
        forgetRemote(route);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<RemoteLoading />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/** While a page's module loads (a page the server did not render, or a later navigation). */
function RemoteLoading() {
  return (
    <div className={styles.loading} role="status">
      Memuat halaman...
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  onRetry: () => void;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Remote failed to load', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.error} role="alert">
        <h2>Bagian ini gagal dimuat</h2>
        <p>Periksa koneksi internet Anda, lalu coba lagi.</p>
        <button type="button" className={styles.retry} onClick={this.props.onRetry}>
          Coba Lagi
        </button>
      </div>
    );
  }
}
