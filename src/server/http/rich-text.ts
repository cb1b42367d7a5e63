import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_MAX } from '../../shared/api/notices.ts';
import { ValidationMessage } from '../../shared/api/validation-messages.ts';
import { FieldError } from './errors.ts';

const ALIGNABLE = new Set(['p', 'h1', 'h2', 'h3', 'h4']);
const ALIGNMENTS = new Set(['left', 'center', 'right', 'justify']);
const REL_TOKENS = ['noopener', 'noreferrer', 'nofollow'];
const HREF = /^(https?:\/\/|mailto:|tel:)/i;
/** An uploaded file of this server (docs/product.md §7 storage) or an http(s) image; never data: or javascript:. */
const IMAGE_SRC = /^(https?:\/\/|\/uploads\/[^/\\])/i;
const DIMENSION = /^\d{1,4}$/;
const SPAN = /^\d{1,2}$/;

/**
 * The one text-align declaration the editor writes (tiptap's TextAlign renders
 * `style="text-align: center"`), written back in that form; any other declaration is dropped.
 */
function alignmentStyle(style: string | undefined): string | null {
  if (!style) return null;
  let found: string | null = null;
  for (const declaration of style.split(';')) {
    const [prop, value, ...rest] = declaration.split(':');
    if (rest.length || !prop || !value) continue;
    const align = value.trim().toLowerCase();
    if (prop.trim().toLowerCase() === 'text-align' && ALIGNMENTS.has(align)) found = align;
  }
  // browsers (and jsdom) may serialise it with a trailing semicolon: keep that form too
  return found && `text-align: ${found}${/;\s*$/.test(style) ? ';' : ''}`;
}

/** Attribute rules sanitize-html cannot express: URL allow-lists, link rel, the alignment style. */
function transform(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const next: sanitizeHtml.Attributes = { ...attribs };
  if (ALIGNABLE.has(tagName)) {
    const style = alignmentStyle(next.style);
    if (style) next.style = style;
    else delete next.style;
  } else {
    delete next.style;
  }
  if (tagName === 'a') {
    if (next.href !== undefined && !HREF.test(next.href.trim())) delete next.href;
    if (next.target !== undefined && next.target !== '_blank') delete next.target;
    const rel = (next.rel ?? '')
      .toLowerCase()
      .split(/\s+/)
      .filter((token) => REL_TOKENS.includes(token));
    // A new tab must not get a handle on this page (reverse tabnabbing).
    if (next.target === '_blank') {
      for (const token of ['noopener', 'noreferrer']) if (!rel.includes(token)) rel.push(token);
    }
    const unique = [...new Set(rel)];
    if (unique.length) next.rel = unique.join(' ');
    else delete next.rel;
  }
  if (tagName === 'img') {
    if (next.src !== undefined && !IMAGE_SRC.test(next.src.trim())) delete next.src;
    for (const dim of ['width', 'height']) {
      const value = next[dim];
      if (value !== undefined && !DIMENSION.test(value)) delete next[dim];
    }
  }
  if (tagName === 'td' || tagName === 'th') {
    for (const span of ['colspan', 'rowspan']) {
      const value = next[span];
      if (value !== undefined && !SPAN.test(value)) delete next[span];
    }
  }
  return { tagName, attribs: next };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // The style attribute is rebuilt by `transform`; no CSS parser needed.
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  // Their text is code or markup, never content to keep.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'template',
    'svg',
    'math',
    'title',
    'xmp',
    'noembed',
    'noframes',
    'object',
    'select',
  ],
  transformTags: { '*': transform },
  // An image without a usable source is nothing.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * Rich text (editor HTML) reduced to what the purchase pages may show: the editor's own
 * formatting, links, images and tables; no scripts, event handlers, styles other than the
 * alignment, or javascript:/data: URLs. Written the way the editor writes HTML (`<br>`, not
 * `<br />`; `&nbsp;`), so the editor's output comes back unchanged.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS)
    .replace(/<(img|br|hr)\b([^>]*?)\s*\/>/g, '<$1$2>')
    .replace(/\u00a0/g, '&nbsp;')
    .trim();
}

/** True when the HTML shows nothing: no text, image or rule. */
export function isBlankRichText(html: string): boolean {
  if (/<(img|hr)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, '')
      .trim() === ''
  );
}

/** Sanitised content for storage; 400 naming `field` when nothing is left or it is too long. */
export function cleanRichText(html: string, field = 'content'): string {
  const clean = sanitizeRichText(html);
  if (isBlankRichText(clean)) throw new FieldError(field, ValidationMessage.richTextEmpty);
  if (clean.length > RICH_TEXT_MAX) throw new FieldError(field, ValidationMessage.richTextMax);
  return clean;
}
