import { useTranslation } from 'react-i18next';
import { storageApi } from '../../../shared/api/storage.ts';
import { canMove } from '../../../shared/domain/content-transitions.ts';
import type { Permission } from '../../../shared/perms.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { post } from '../../lib/request.ts';
import type { ValueProps } from '../../components/field-props.ts';

/** The cover: the shared upload (500 KB, jpg/jpeg/png/gif checked by content on the server). */
export function CoverField({ value, onChange }: ValueProps<string>) {
  return <ImageUpload action={storageApi.uploadUnMove} value={value} onChange={(url) => onChange?.(url)} />;
}

export function CoverThumb({ src }: { src: string }) {
  return src ? <img src={src} alt="" width={56} height={40} style={{ objectFit: 'cover' }} /> : null;
}

/** Publish and withdraw as the state allows (src/shared/domain/content-transitions.ts), each asking first. */
export function MoveButtons({
  row,
  urls,
  perm,
  onDone,
}: {
  row: { id: number; state: number };
  urls: { publish: string; withdraw: string };
  perm: Permission;
  onDone: () => void;
}) {
  const { t } = useTranslation('content');
  return (
    <>
      {canMove('publish', row.state) && (
        <ConfirmAction
          perm={perm}
          title={t('publishConfirm')}
          action={() => post<unknown>(urls.publish, { id: row.id })}
          success={t('published')}
          onSuccess={onDone}
          // a 409 (someone else moved it) is shown; the list is fresh after the next reload
          onError={onDone}
        >
          {t('publish')}
        </ConfirmAction>
      )}
      {canMove('withdraw', row.state) && (
        <ConfirmAction
          perm={perm}
          title={t('withdrawConfirm')}
          okDanger
          action={() => post<unknown>(urls.withdraw, { id: row.id })}
          success={t('withdrawn')}
          onSuccess={onDone}
          onError={onDone}
        >
          {t('withdraw')}
        </ConfirmAction>
      )}
    </>
  );
}
