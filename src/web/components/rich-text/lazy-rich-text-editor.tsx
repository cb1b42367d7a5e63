import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { loadLocales } from '../../lib/i18n.ts';
import type { LocaleLoader } from '../../locales/define.ts';
import type { RichTextEditorProps } from './types.ts';

/** The editor's texts: any module's screen may show it, so they come with the editor, not a module. */
export const richTextLocales: LocaleLoader = () => import('./rich-text.locale.ts');

// tiptap and ProseMirror are big: they load with the first editor shown, in their own chunk.
const RichTextEditor = lazy(() =>
  Promise.all([import('./rich-text-editor.tsx'), loadLocales(richTextLocales)]).then(([editor]) => editor),
);

/** The rich-text editor, loaded on first use; an antd form control (value/onChange with HTML). */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
