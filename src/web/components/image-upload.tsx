import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError, post, type RequestOptions } from '../lib/request.ts';

/** Spec §5/§9: images must be under 500 KB. */
export const MAX_IMAGE_BYTES = 500 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
const IMAGE_NAME = /\.(jpe?g|png|gif)$/i;

type ImageProblem = 'imageBadType' | 'imageTooLarge';

/** Why a file may not be uploaded (spec §5), as widgets message keys; empty when it may. */
export function imageProblems(file: { name: string; type: string; size: number }): ImageProblem[] {
  const problems: ImageProblem[] = [];
  // Some systems report no MIME type; then the file name decides.
  const typeOk = file.type ? IMAGE_TYPES.includes(file.type) : IMAGE_NAME.test(file.name);
  if (!typeOk) problems.push('imageBadType');
  if (file.size >= MAX_IMAGE_BYTES) problems.push('imageTooLarge');
  return problems;
}

export interface ImageUploadProps {
  /** The image url (antd Form value). */
  value?: string;
  onChange?: (url: string) => void;
  /** Upload endpoint: multipart field `file`, answering a url list (spec §3; the first is used). */
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
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    const formData = new FormData();
    formData.append('file', file);
    setUploading(true);
    try {
      const urls = await post<string[]>(action, formData, { ...requestOptions, headers });
      const url = urls?.[0];
      if (url) onChange?.(url);
      else void message.error(t('uploadFailed'));
    } catch (error) {
      if (!(error instanceof RequestError && error.shown)) void message.error(t('uploadFailed'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div>
      <Upload
        listType="picture-card"
        showUploadList={false}
        accept=".jpg,.jpeg,.png,.gif"
        disabled={disabled || uploading}
        beforeUpload={(file) => {
          const problems = imageProblems(file);
          for (const problem of problems) void message.error(t(problem));
          if (!problems.length) void upload(file);
          // The upload is ours (through the request layer), never antd's own XHR.
          return Upload.LIST_IGNORE;
        }}
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
