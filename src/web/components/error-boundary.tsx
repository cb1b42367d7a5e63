import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { t } from '../lib/i18n.ts';

interface State {
  error: Error | null;
}

/** A chunk that fails to load after a deploy (old hashes gone) or a render error: offer a reload. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const chunk =
      /dynamically imported module|Failed to fetch|Importing a module script failed|ChunkLoadError/i.test(
        this.state.error.message,
      );
    return (
      <Result
        status={chunk ? 'info' : 'error'}
        title={chunk ? t('chunkFailed') : t('loadFailed')}
        subTitle={chunk ? undefined : this.state.error.message}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('reload')}
          </Button>
        }
      />
    );
  }
}
