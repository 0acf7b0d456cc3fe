import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Shown when a page chunk could not be loaded (seed spec §8). */
export function ChunkLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <main id="main-content" className="error-screen" tabIndex={-1} role="alert">
      <h1 className="page-title">This page could not be loaded</h1>
      <p>Loading the page failed, probably because of a network problem.</p>
      <button type="button" className="button" onClick={onRetry}>Retry</button>
    </main>
  );
}

/** Shown when rendering crashed (seed spec §8). */
export function CrashScreen({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <main id="main-content" className="error-screen" tabIndex={-1} role="alert">
      <h1 className="page-title">This page crashed.</h1>
      <button type="button" className="button" onClick={onRetry}>Try again</button>
      <pre className="error-message">{error.message}</pre>
    </main>
  );
}

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
    if (this.state.error) return <CrashScreen error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
