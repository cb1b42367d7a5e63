import { Button } from 'antd';
import { Component, type ReactNode } from 'react';
import { t } from '../lib/i18n.ts';

interface State {
  error: Error | null;
}

const CHUNK_FAILURE =
  /dynamically imported module|Failed to fetch|Importing a module script failed|ChunkLoadError/i;

/**
 * A page chunk that fails to load after a deploy (its hashed file is gone) or a render error: say
 * so and offer a reload. Plain markup, so it costs the first load nothing beyond a button.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = CHUNK_FAILURE.test(error.message);
    return (
      <div className="page-error" role="alert">
        <h2>{chunk ? t('chunkFailed') : t('loadFailed')}</h2>
        {chunk ? null : <p>{error.message}</p>}
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('reload')}
        </Button>
      </div>
    );
  }
}
