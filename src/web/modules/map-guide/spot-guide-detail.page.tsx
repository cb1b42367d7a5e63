import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tourMapApi, type Point, type TourMapRow, type TourSpotRow } from '../../../shared/api/map-guide.ts';
import { MapGuideField } from '../../../shared/dict/map-guide.ts';
import { SpotType } from '../../../shared/dict/scenic-spots.ts';
import { DictTag } from '../../components/dict-tag.tsx';
import { useLabel } from '../../components/list-page/index.ts';
import { RecordState, useIdParam } from '../../components/record-state.tsx';
import { toast } from '../../lib/feedback.ts';
import { get } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';
import GuideMap from './guide-map.tsx';
import { markersOf, TOUR_SPOT_PATH, useAllSpots, useVoiceKinds } from './map-data.ts';
import { VoicePlayer } from './voice-parts.tsx';

/** The chosen spot: its text, pictures and a player for each of its voices. */
function SpotPanel({ spot }: { spot: TourSpotRow | undefined }) {
  const { t } = useTranslation('mapGuide');
  const label = useLabel();
  const navigate = useNavigate();
  const kinds = useVoiceKinds();
  if (!spot) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('clickSpotHint')} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="guide-spot-panel">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {spot.name}
      </Typography.Title>
      <DictTag dict={SpotType} value={spot.spotType} />
      {spot.image ? <img src={spot.image} alt="" style={{ maxWidth: '100%', maxHeight: 160 }} /> : null}
      <Typography.Paragraph>{spot.introduction}</Typography.Paragraph>
      <Descriptions column={1} size="small" title={label(MapGuideField.voices)}>
        {(kinds.data?.rows ?? []).map((kind) => {
          const voice = spot.voices.find((v) => v.voiceTypeId === kind.id);
          return (
            <Descriptions.Item key={kind.id} label={kind.name}>
              {voice ? <VoicePlayer voice={voice} /> : t('noVoice')}
            </Descriptions.Item>
          );
        })}
      </Descriptions>
      <Button
        icon={<EditOutlined />}
        onClick={() => void navigate(`${TOUR_SPOT_PATH}?name=${encodeURIComponent(spot.name)}`)}
      >
        {t('editSpot')}
      </Button>
    </Space>
  );
}

function GuideView({ map }: { map: TourMapRow }) {
  const { t } = useTranslation('mapGuide');
  const spots = useAllSpots();
  const [selected, setSelected] = useState<number | null>(null);
  // a click beside the markers asks the server for the nearest spot (selectMarker)
  const pick = useAction((p: Point) => get<TourSpotRow | null>(tourMapApi.selectMarker, p), {
    success: false,
    onSuccess: (found) => (found ? setSelected(found.id) : toast.warning(t('noSpotHere'))),
  });
  const markers = markersOf(spots.data?.rows).map((m) => ({ ...m, active: m.id === selected }));
  const spot = spots.data?.rows.find((s) => s.id === selected);
  return (
    <Row gutter={16}>
      <Col xs={24} xl={16}>
        <Card title={map.name}>
          <GuideMap
            config={map}
            markers={markers}
            onMarker={setSelected}
            onPick={(p) => void pick.run(p)}
            height={560}
          />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card>
          <SpotPanel spot={spot} />
        </Card>
      </Col>
    </Row>
  );
}

/** docs/product.md §2 /mapGuide/spotGuideDetail (hidden): one guide map with the spots; click to see and hear one. */
export default function SpotGuideDetailPage() {
  const { t } = useTranslation('mapGuide');
  const id = useIdParam();
  const query = useQuery({
    queryKey: [tourMapApi.query, id],
    queryFn: () => get<TourMapRow>(tourMapApi.query, { id }),
    enabled: id !== null,
  });
  return (
    <RecordState id={id} query={query} notFound={t('mapNotFound')}>
      {(map) => <GuideView map={map} />}
    </RecordState>
  );
}
