import type { CSSProperties } from 'react';
import styles from './rich-text.module.css';

/**
 * Shows stored rich text. The server sanitised it before storing it (notices.service.ts
 * sanitizeRichText), so it is rendered as it is, with the editor's typography.
 */
export function RichTextView({
  html,
  className,
  style,
}: {
  html: string;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <div
      className={className ? `${styles.content} ${className}` : styles.content}
      style={style}
      data-testid="rich-text-view"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
