import type { RemoteName } from '@gi/contracts/web';
import { Component, type ReactNode, Suspense } from 'react';
import { useAfterFirstPage } from './page-shown.ts';
import { lazyRemote } from './remote-route.tsx';

interface SlotProps {
  remote: RemoteName;
  module: string;
  /** Shown while loading and instead of the component if its remote fails. */
  fallback: ReactNode;
}

/**
 * A small piece of another remote inside the shell (the cart badge in the navbar).
 * It loads after the page itself is on screen: until then, and if its remote fails,
 * the fallback stands in (same size, so nothing shifts).
 */
export function RemoteSlot({ remote, module, fallback }: SlotProps) {
  const ready = useAfterFirstPage();
  const Piece = lazyRemote({ remote, module });
  if (!ready) return fallback;
  return (
    <SlotBoundary fallback={fallback}>
      <Suspense fallback={fallback}>
        <Piece />
      </Suspense>
    </SlotBoundary>
  );
}

class SlotBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
