import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/feedback.ts';
import { post, type RequestOptions } from '../lib/request.ts';
import { useAction } from '../lib/use-action.ts';

/** docs/product.md §5/§9: images must be under 500 KB. */
export const MAX_IMAGE_BYTES = 500 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
const IMAGE_NAME = /\.(jpe?g|png|gif)$/i;

type ImageProblem = 'imageBadType' | 'imageTooLarge';

/** Why a file may not be uploaded (docs/product.md §5), as widgets message keys; empty when it may. */
export function imageProblems(file: { name: string; type: string; size: number }): ImageProblem[] {
  const problems: ImageProblem[] = [];
  // Some systems report no MIME type; then the file name decides.
  const typeOk = file.type ? IMAGE_TYPES.includes(file.type) : IMAGE_NAME.test(file.name);
  if (!typeOk) problems.push('imageBadType');
  if (file.size >= MAX_IMAGE_BYTES) problems.push('imageTooLarge');
  return problems;
}

/**
 * Uploads one image (multipart field `file`) and hands its url, the first of the list the server
 * answers, to `onUploaded`; a failure says "upload failed" unless the request layer has said more.
 * `beforeUpload` (for antd's Upload) refuses a file docs/product.md §5 does not allow, with its reasons.
 */
export function useImageUpload(
  action: string,
  onUploaded: (url: string) => void,
  options: { headers?: Record<string, string> } & Pick<RequestOptions, 'auth' | 'onUnauthorized'> = {},
) {
  const { t } = useTranslation('widgets');
  const upload = useAction(
    async (file: File) => {
      const formData = new FormData();
      formData.append('file', file);
      const url = (await post<string[]>(action, formData, options))?.[0];
      if (!url) throw new Error('no url in the answer');
      return url;
    },
    { success: false, failure: t('uploadFailed'), onSuccess: onUploaded },
  );
  const beforeUpload = (file: File) => {
    const problems = imageProblems(file);
    for (const problem of problems) toast.error(t(problem));
    if (!problems.length) void upload.run(file);
    // The upload is ours (through the request layer), never antd's own XHR.
    return Upload.LIST_IGNORE;
  };
  return { ...upload, beforeUpload };
}

export interface ImageUploadProps {
  /** The image url (antd Form value). */
  value?: string;
  onChange?: (url: string) => void;
  /** Upload endpoint: multipart field `file`, answering a url list (docs/product.md §3; the first is used). */
  action: string;
  headers?: Record<string, string>;
  /** For uploads in another session than the console's (the copyright token): its 401 handling. */
  requestOptions?: Pick<RequestOptions, 'auth' | 'onUnauthorized'>;
  disabled?: boolean;
}

/** A square image picker that uploads at once and holds the uploaded image's url. */
export function ImageUpload({
  value,
  onChange,
  action,
  headers,
  requestOptions,
  disabled,
}: ImageUploadProps) {
  const { t } = useTranslation('widgets');
  const upload = useImageUpload(action, (url) => onChange?.(url), { ...requestOptions, headers });
  const uploading = upload.pending;

  return (
    <div>
      <Upload
        listType="picture-card"
        showUploadList={false}
        accept=".jpg,.jpeg,.png,.gif"
        disabled={disabled || uploading}
        beforeUpload={upload.beforeUpload}
      >
        {value && !uploading ? (
          <img src={value} alt={t('image')} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <div>
            {uploading ? <LoadingOutlined /> : <PlusOutlined />}
            <div style={{ marginTop: 8 }}>{t('upload')}</div>
          </div>
        )}
      </Upload>
      <Typography.Text type="secondary">{t('imageRatioHint')}</Typography.Text>
    </div>
  );
}
