import { Component, type ReactNode } from 'react';
import { t } from '../lib/i18n.ts';

interface State {
  error: Error | null;
}

const CHUNK_FAILURE =
  /dynamically imported module|Failed to fetch|Importing a module script failed|ChunkLoadError/i;

/**
 * A page chunk that fails to load after a deploy (its hashed file is gone) or a render error: say
 * so and offer a reload.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    return error ? <LoadError error={error} /> : this.props.children;
  }
}

/** What a failed chunk or render shows: plain markup (styles.css), usable before antd has loaded. */
export function LoadError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  const chunk = CHUNK_FAILURE.test(message);
  return (
    <div className="page-error" role="alert">
      <h2>{chunk ? t('chunkFailed') : t('loadFailed')}</h2>
      {chunk ? null : <p>{message}</p>}
      <button type="button" className="page-error-button" onClick={() => window.location.reload()}>
        {t('reload')}
      </button>
    </div>
  );
}
