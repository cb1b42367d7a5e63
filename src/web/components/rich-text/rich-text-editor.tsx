import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  ClearOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  MessageOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { EditorContent, useEditor, useEditorState, type ChainedCommands, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Select, Tooltip } from 'antd';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageDialog, LinkDialog, SAFE_LINK } from './insert-dialogs.tsx';
import styles from './rich-text.module.css';
import { DEFAULT_UPLOAD_URL, type RichTextEditorProps } from './types.ts';

type Block = 'paragraph' | 'h1' | 'h2' | 'h3';
type Align = 'left' | 'center' | 'right';
type Toggle = 'bold' | 'italic' | 'underline' | 'strike' | 'bulletList' | 'orderedList' | 'blockquote';

/** The on/off buttons, in groups: the mark (its text and active state), icon and command. */
const TOGGLES: readonly (readonly (readonly [
  Toggle,
  ReactNode,
  (c: ChainedCommands) => ChainedCommands,
])[])[] = [
  [
    ['bold', <BoldOutlined key="b" />, (c) => c.toggleBold()],
    ['italic', <ItalicOutlined key="i" />, (c) => c.toggleItalic()],
    ['underline', <UnderlineOutlined key="u" />, (c) => c.toggleUnderline()],
    ['strike', <StrikethroughOutlined key="s" />, (c) => c.toggleStrike()],
  ],
  [
    ['bulletList', <UnorderedListOutlined key="ul" />, (c) => c.toggleBulletList()],
    ['orderedList', <OrderedListOutlined key="ol" />, (c) => c.toggleOrderedList()],
    ['blockquote', <MessageOutlined key="q" />, (c) => c.toggleBlockquote()],
  ],
];

// Only what the server's sanitiser keeps (notices.service.ts): no code marks or blocks.
const EXTENSIONS = [
  StarterKit.configure({
    code: false,
    codeBlock: false,
    heading: { levels: [1, 2, 3] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['mailto', 'tel'],
      isAllowedUri: (url) => SAFE_LINK.test(url.trim()),
    },
  }),
  Image.configure({ allowBase64: false }),
  TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right'] }),
];

/** The editor's HTML, or '' when it holds nothing (so "required" works like a text field). */
export function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

function ToolButton({
  title,
  icon,
  active = false,
  disabled,
  onClick,
}: {
  title: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={title}>
      <Button
        size="small"
        aria-label={title}
        aria-pressed={active}
        icon={icon}
        color={active ? 'primary' : 'default'}
        variant={active ? 'filled' : 'text'}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );
}

function Toolbar({
  editor,
  disabled,
  onLink,
  onImage,
}: {
  editor: Editor;
  disabled?: boolean;
  onLink: () => void;
  onImage: () => void;
}) {
  const { t } = useTranslation('richText');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      block: (e.isActive('heading', { level: 1 })
        ? 'h1'
        : e.isActive('heading', { level: 2 })
          ? 'h2'
          : e.isActive('heading', { level: 3 })
            ? 'h3'
            : 'paragraph') as Block,
      align: (['center', 'right'] as const).find((a) => e.isActive({ textAlign: a })) ?? ('left' as Align),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const setBlock = (block: Block) => {
    if (block === 'paragraph') chain().setParagraph().run();
    else
      chain()
        .setHeading({ level: Number(block.slice(1)) as 1 | 2 | 3 })
        .run();
  };

  return (
    <div className={styles.toolbar} role="toolbar">
      <ToolButton
        title={t('undo')}
        icon={<UndoOutlined />}
        disabled={disabled || !state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <ToolButton
        title={t('redo')}
        icon={<RedoOutlined />}
        disabled={disabled || !state.canRedo}
        onClick={() => chain().redo().run()}
      />
      <Divider orientation="vertical" />
      <Tooltip title={t('blockType')}>
        <Select<Block>
          size="small"
          aria-label={t('blockType')}
          value={state.block}
          disabled={disabled}
          style={{ width: 96 }}
          onChange={setBlock}
          options={[
            { value: 'paragraph', label: t('paragraph') },
            { value: 'h1', label: t('heading1') },
            { value: 'h2', label: t('heading2') },
            { value: 'h3', label: t('heading3') },
          ]}
        />
      </Tooltip>
      {TOGGLES.map((group, i) => (
        <Fragment key={i}>
          <Divider orientation="vertical" />
          {group.map(([mark, icon, command]) => (
            <ToolButton
              key={mark}
              title={t(mark)}
              icon={icon}
              active={state[mark]}
              disabled={disabled}
              onClick={() => command(chain()).run()}
            />
          ))}
        </Fragment>
      ))}
      <Divider orientation="vertical" />
      {(
        [
          ['left', 'alignLeft', <AlignLeftOutlined key="l" />],
          ['center', 'alignCenter', <AlignCenterOutlined key="c" />],
          ['right', 'alignRight', <AlignRightOutlined key="r" />],
        ] as const
      ).map(([align, title, icon]) => (
        <ToolButton
          key={align}
          title={t(title)}
          icon={icon}
          active={state.align === align}
          disabled={disabled}
          // left is the default: stored without a style
          onClick={() =>
            align === 'left' ? chain().unsetTextAlign().run() : chain().setTextAlign(align).run()
          }
        />
      ))}
      <Divider orientation="vertical" />
      <ToolButton
        title={t('link')}
        icon={<LinkOutlined />}
        active={state.link}
        disabled={disabled}
        onClick={onLink}
      />
      {state.link && (
        <ToolButton
          title={t('unlink')}
          icon={<DisconnectOutlined />}
          disabled={disabled}
          onClick={() => chain().extendMarkRange('link').unsetLink().run()}
        />
      )}
      <ToolButton title={t('image')} icon={<PictureOutlined />} disabled={disabled} onClick={onImage} />
      <ToolButton
        title={t('horizontalRule')}
        icon={<LineOutlined />}
        disabled={disabled}
        onClick={() => chain().setHorizontalRule().run()}
      />
      <ToolButton
        title={t('clearFormat')}
        icon={<ClearOutlined />}
        disabled={disabled}
        onClick={() => chain().unsetAllMarks().clearNodes().unsetTextAlign().run()}
      />
    </div>
  );
}

/**
 * A rich-text editor (tiptap) for agreements and notices: an antd form control whose value is
 * HTML. Load it through `LazyRichTextEditor` so tiptap stays out of every other screen.
 */
export default function RichTextEditor({
  value,
  onChange,
  disabled,
  minHeight = 240,
  maxHeight = 560,
  uploadUrl = DEFAULT_UPLOAD_URL,
  id,
}: RichTextEditorProps) {
  const { t, i18n } = useTranslation('richText');
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  // What this editor last reported: a value equal to it is our own echo, not new content.
  const emitted = useRef(value ?? '');
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value ?? '',
    editable: !disabled,
    editorProps: {
      attributes: {
        class: styles.content ?? '',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = editorHtml(e);
      if (html === emitted.current) return;
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  // A value set from outside (the form loading a record, a reset) replaces the content.
  useEffect(() => {
    const next = value ?? '';
    if (next === emitted.current) return;
    emitted.current = next;
    if (next !== editorHtml(editor)) editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  // a contenteditable is not labelable: it takes its name from the form's <label for={id}>
  useEffect(() => {
    const label = id
      ? [...document.querySelectorAll('label')].find((l) => l.htmlFor === id)?.textContent
      : null;
    if (!label) return;
    const name = () => editor.view.dom.setAttribute('aria-label', label);
    // the view exists once the editor is mounted
    if (editor.isInitialized) name();
    editor.on('create', name);
    return () => void editor.off('create', name);
  }, [editor, id, i18n.language]);

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  const empty = useEditorState({ editor, selector: ({ editor: e }) => e.isEmpty });

  return (
    <div className={`${styles.editor} ${disabled ? styles.disabled : ''}`} data-testid="rich-text-editor">
      <Toolbar
        editor={editor}
        disabled={disabled}
        onLink={() => setDialog('link')}
        onImage={() => setDialog('image')}
      />
      <div className={styles.body} style={{ minHeight, maxHeight }}>
        {empty && !disabled && (
          <div className={styles.placeholder} aria-hidden>
            {t('placeholder')}
          </div>
        )}
        <EditorContent editor={editor} style={{ minHeight }} />
      </div>
      <LinkDialog
        open={dialog === 'link'}
        initial={dialog === 'link' ? ((editor.getAttributes('link').href as string | undefined) ?? '') : ''}
        onCancel={() => setDialog(null)}
        onOk={(href) => {
          setDialog(null);
          const chain = editor.chain().focus();
          if (editor.state.selection.empty && !editor.isActive('link'))
            chain
              .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
              .run();
          else chain.extendMarkRange('link').setLink({ href }).run();
        }}
      />
      <ImageDialog
        open={dialog === 'image'}
        uploadUrl={uploadUrl}
        onCancel={() => setDialog(null)}
        onOk={({ src, alt }) => {
          setDialog(null);
          editor.chain().focus().setImage({ src, alt }).run();
        }}
      />
    </div>
  );
}
