// Rich text: the editor is only ever loaded lazily (never import rich-text-editor.tsx statically).
export { LazyRichTextEditor } from './lazy-rich-text-editor.tsx';
export { RichTextView } from './rich-text-view.tsx';
export { DEFAULT_UPLOAD_URL, type RichTextEditorProps } from './types.ts';
