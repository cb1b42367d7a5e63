import { ArrowRightOutlined } from '@ant-design/icons';
import { Image, Space, Typography } from 'antd';
import type { CardHolderChange } from '../../../shared/api/cards.ts';
import { CardField } from '../../../shared/dict/cards.ts';
import { useLabel } from '../../components/list-page/index.ts';

/** The holder's fields a change may touch, in the order the card shows them. */
const HOLDER_LABELS = {
  name: CardField.holderName,
  phone: CardField.holderPhone,
  idNumber: CardField.holderIdNumber,
  facePhoto: CardField.facePhoto,
};
type HolderKey = keyof typeof HOLDER_LABELS;

/** One side of a change: the text as the server sent it (phone and ID number masked as on the card), a photo as a small image. */
function Value({ field, value, alt }: { field: HolderKey; value: string | undefined; alt: string }) {
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  if (field === 'facePhoto')
    return <Image src={value} alt={alt} width={40} height={40} style={{ objectFit: 'cover' }} />;
  return <span>{value}</span>;
}

/**
 * What one change of the holder's data changed (the card detail's list): each changed field under its
 * label, before → after; the face photo as thumbnails, not its address.
 */
export function HolderChangeText({ change }: { change: CardHolderChange }) {
  const f = useLabel();
  const fields = (Object.keys(HOLDER_LABELS) as HolderKey[]).filter(
    (n) => (change.before[n] ?? '') !== (change.after[n] ?? ''),
  );
  return (
    <Space orientation="vertical" size={4}>
      {fields.map((n) => {
        const label = f(HOLDER_LABELS[n]);
        return (
          <Space key={n} size={8} wrap data-testid={`holder-change-${n}`}>
            <Typography.Text type="secondary">{`${label}:`}</Typography.Text>
            <Value field={n} value={change.before[n]} alt={label} />
            <ArrowRightOutlined aria-hidden />
            <Value field={n} value={change.after[n]} alt={label} />
          </Space>
        );
      })}
    </Space>
  );
}
