import { Alert, Button, Image, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Point } from '../../../shared/api/map-guide.ts';
import { storageApi } from '../../../shared/api/storage.ts';
import type { ValueProps } from '../../components/field-props.ts';
import { ImageUpload } from '../../components/image-upload.tsx';
import GuideMap from './guide-map.tsx';
import { markersOf, useAllSpots, useMapConfig } from './map-data.ts';

/** A spot's position: picked by a click on the area's illustrated map (the other spots shown). */
export function PositionField({ value, onChange }: ValueProps<Point | null>) {
  const { t } = useTranslation('mapGuide');
  const config = useMapConfig();
  const spots = useAllSpots();
  if (config.data === null) return <Alert type="warning" showIcon title={t('noMap')} />;
  if (!config.data) return null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('pickHint')}</Typography.Text>
      <GuideMap
        config={config.data}
        markers={markersOf(spots.data?.rows)}
        pin={value ?? null}
        onPick={(p) => onChange?.(p)}
        height={320}
      />
      <Space>
        <Typography.Text data-testid="spot-position">
          {value ? `${value.lat}, ${value.lng}` : t('notPlaced')}
        </Typography.Text>
        {value && (
          <Button size="small" onClick={() => onChange?.(null)}>
            {t('clearPosition')}
          </Button>
        )}
      </Space>
    </Space>
  );
}

/** An uploaded image (a spot's icon and cover, a guide map's drawing). */
export const ImageField = (props: ValueProps<string>) => (
  <ImageUpload {...props} action={storageApi.uploadUnMove} onChange={(url) => props.onChange?.(url)} />
);

/** Up to nine pictures: each uploaded on its own, removable. */
export function ImagesField(props: ValueProps<string[]>) {
  const { t } = useTranslation('mapGuide');
  const { onChange } = props;
  const images = props.value ?? [];
  return (
    <Space wrap>
      {images.map((url, i) => (
        <Space key={url} orientation="vertical" size={4}>
          <Image src={url} alt="" width={72} height={72} />
          <Button size="small" onClick={() => onChange?.(images.filter((_, k) => k !== i))}>
            {t('remove')}
          </Button>
        </Space>
      ))}
      {images.length < 9 && (
        <ImageUpload
          action={storageApi.uploadUnMove}
          value=""
          onChange={(url) => onChange?.([...images, url])}
        />
      )}
    </Space>
  );
}
