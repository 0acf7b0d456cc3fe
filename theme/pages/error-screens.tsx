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
