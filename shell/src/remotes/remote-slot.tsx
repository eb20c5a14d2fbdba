import type { RemoteName } from '@gi/contracts/web';
import { Component, type ReactNode, Suspense } from 'react';
import { lazyRemote } from './remote-route.tsx';

interface SlotProps {
  remote: RemoteName;
  module: string;
  /** Shown while loading and instead of the component if its remote fails. */
  fallback: ReactNode;
}

/** A small piece of another remote inside the shell (e.g. the cart badge in the navbar). */
export function RemoteSlot({ remote, module, fallback }: SlotProps) {
  const Piece = lazyRemote({ remote, module });
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
