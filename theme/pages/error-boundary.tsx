import { Component, type ErrorInfo, type ReactNode } from 'react';
import { lazyComponent } from '../runtime/lazy-component.tsx';

/**
 * The error screens (seed spec §8) are fetched when first needed, or ahead at the reader's first
 * sign of intent (theme/client/prefetch-later.ts), so they are there when the network is not. If they cannot be fetched either, the
 * browser loads the page itself, which shows what went wrong.
 */
const reload = () => window.location.reload();
export const LazyCrashScreen = lazyComponent((() => import('./error-screens.tsx').then((m) => m.CrashScreen)), reload);
export const LazyChunkLoadError = lazyComponent((() => import('./error-screens.tsx').then((m) => m.ChunkLoadError)), reload);

/** React error boundary around the page; `resetKey` changes on navigation to clear a crash. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: Error | null; key: string }> {
  state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: Error | null; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page crashed:', error, info.componentStack);
  }

  render() {
    if (this.state.error) return <LazyCrashScreen error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
