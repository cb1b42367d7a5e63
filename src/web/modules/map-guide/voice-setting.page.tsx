import { Card, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  voiceTypeApi,
  VoiceTypeCreateSchema,
  VoiceTypeUpdateSchema,
  type TourSpotRow,
  type VoiceTypeRow,
} from '../../../shared/api/map-guide.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { MapGuideField } from '../../../shared/dict/map-guide.ts';
import { SpotType } from '../../../shared/dict/scenic-spots.ts';
import { DictTag } from '../../components/dict-tag.tsx';
import { defineListPage, ListPage, useLabel } from '../../components/list-page/index.ts';
import { useAllSpots, useVoiceKinds } from './map-data.ts';
import { VoicePlayer, VoiceUpload } from './voice-parts.tsx';

const definition = defineListPage<VoiceTypeRow>({
  id: 'mapGuide.voiceType',
  url: voiceTypeApi.list,
  rowKey: 'id',
  perms: {
    create: 'admin:voiceType:create',
    update: 'admin:voiceType:update',
    delete: 'admin:voiceType:deleted',
  },
  search: [{ kind: 'text', name: 'name', label: MapGuideField.name, maxLength: 20 }],
  columns: [
    { key: 'name', title: MapGuideField.name },
    { key: 'language', title: MapGuideField.language },
    { key: 'sort', title: MapGuideField.sort, sortable: true, width: 90 },
    { key: 'status', title: MapGuideField.status, kind: 'dict', dict: EnableStatus, width: 100 },
    { key: 'createTime', title: MapGuideField.createTime, kind: 'dateTime', sortable: true },
  ],
  form: {
    createUrl: voiceTypeApi.create,
    updateUrl: voiceTypeApi.update,
    createSchema: VoiceTypeCreateSchema,
    updateSchema: VoiceTypeUpdateSchema,
    fields: [
      { name: 'name', label: MapGuideField.name, required: true, maxLength: 20 },
      { name: 'language', label: MapGuideField.language, required: true, maxLength: 40 },
      { name: 'sort', label: MapGuideField.sort, kind: 'number', min: 0, max: 9999 },
      { name: 'status', label: MapGuideField.status, kind: 'dict', dict: EnableStatus, required: true },
    ],
    initialValues: { sort: 0, status: 1 },
    container: 'modal',
  },
  delete: { url: voiceTypeApi.deleted },
});

/** Every spot against every voice: play the file, upload or replace it. */
function SpotVoices() {
  const { t } = useTranslation('mapGuide');
  const label = useLabel();
  const spots = useAllSpots();
  const kinds = useVoiceKinds();
  const columns = [
    { key: 'name', title: label(MapGuideField.spotName), dataIndex: 'name', width: 160 },
    {
      key: 'spotType',
      title: label(MapGuideField.spotType),
      width: 110,
      render: (_: unknown, row: TourSpotRow) => <DictTag dict={SpotType} value={row.spotType} />,
    },
    ...(kinds.data?.rows ?? []).map((kind) => ({
      key: `voice-${kind.id}`,
      title: kind.name,
      render: (_: unknown, row: TourSpotRow) => {
        const voice = row.voices.find((v) => v.voiceTypeId === kind.id);
        return (
          <Space align="start">
            {voice ? (
              <VoicePlayer voice={voice} />
            ) : (
              <Typography.Text type="secondary">{t('noVoice')}</Typography.Text>
            )}
            <VoiceUpload spot={row} voiceTypeId={kind.id} has={!!voice} />
          </Space>
        );
      },
    })),
  ];
  return (
    <Card title={t('spotVoices')} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('spotVoicesHint')}</Typography.Paragraph>
      <Table<TourSpotRow>
        rowKey="id"
        size="small"
        loading={spots.isPending || kinds.isPending}
        dataSource={spots.data?.rows ?? []}
        columns={columns}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        scroll={{ x: true }}
      />
    </Card>
  );
}

/** docs/product.md §2 /mapGuide/voiceSetting: the voice kinds, and each spot's file in each voice. */
export default function VoiceSettingPage() {
  return (
    <>
      <ListPage definition={definition} />
      <SpotVoices />
    </>
  );
}
