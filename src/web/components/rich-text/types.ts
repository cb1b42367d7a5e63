import { storageApi } from '../../../shared/api/storage.ts';

/** The rich-text editor as an antd form control: `value` / `onChange` carry HTML. */
export interface RichTextEditorProps {
  /** HTML; '' when empty. */
  value?: string;
  /** Called with the editor's HTML, or '' when it holds nothing. */
  onChange?: (html: string) => void;
  disabled?: boolean;
  /** Height of the writing area before it scrolls (px). */
  minHeight?: number;
  maxHeight?: number;
  /** Where images are uploaded (multipart `file`, answers a url list; docs/product.md §7). */
  uploadUrl?: string;
  /** antd Form.Item passes it for the label's htmlFor. */
  id?: string;
}

export const DEFAULT_UPLOAD_URL = storageApi.uploadUnMove;
