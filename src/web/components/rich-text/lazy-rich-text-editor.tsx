import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './types.ts';

// tiptap and ProseMirror are big: they load with the first editor shown, in their own chunk.
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

/** The rich-text editor, loaded on first use; an antd form control (value/onChange with HTML). */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
