import { UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  tourSpotApi,
  VOICE_LIMIT_BYTES,
  voiceUploadApi,
  type SpotVoice,
  type TourSpotRow,
} from '../../../shared/api/map-guide.ts';
import { Can } from '../../components/can.tsx';
import { listQueryKey } from '../../components/list-page/index.ts';
import { toast } from '../../lib/feedback.ts';
import { post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';

/** A voice's length as minutes and seconds (docs/map-guide.md). */
export function VoiceLength({ seconds }: { seconds: number }) {
  const { t } = useTranslation('mapGuide');
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return <>{m ? t('voiceLength', { m, s }) : t('voiceSeconds', { s })}</>;
}

/** A voice file played in the page, with its length. */
export function VoicePlayer({ voice }: { voice: SpotVoice }) {
  return (
    <Space size={4} orientation="vertical">
      <audio
        controls
        preload="none"
        src={voice.url}
        style={{ height: 32, maxWidth: 220 }}
        aria-label={voice.url}
      />
      <Typography.Text type="secondary">
        <VoiceLength seconds={voice.duration} />
      </Typography.Text>
    </Space>
  );
}

/** Upload (or replace) a spot's file in one voice: POST uploadVoice?spotId&voiceTypeId, checked by content there. */
export function VoiceUpload({
  spot,
  voiceTypeId,
  has,
}: {
  spot: TourSpotRow;
  voiceTypeId: number;
  has: boolean;
}) {
  const { t } = useTranslation('mapGuide');
  const upload = useAction(
    (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return post<SpotVoice>(voiceUploadApi.uploadVoice, form, { params: { spotId: spot.id, voiceTypeId } });
    },
    { refresh: [listQueryKey(tourSpotApi.list)] },
  );
  const beforeUpload = (file: File) => {
    if (file.size > VOICE_LIMIT_BYTES) toast.error(t('voiceTooLarge'));
    else void upload.run(file);
    return Upload.LIST_IGNORE;
  };
  return (
    <Can perm="admin:tourSpot:update">
      <Upload accept=".mp3,.m4a,.wav,audio/*" showUploadList={false} beforeUpload={beforeUpload}>
        <Button
          size="small"
          icon={<UploadOutlined />}
          loading={upload.pending}
          data-testid={`voice-upload-${spot.id}-${voiceTypeId}`}
        >
          {has ? t('replace') : t('upload')}
        </Button>
      </Upload>
    </Can>
  );
}
