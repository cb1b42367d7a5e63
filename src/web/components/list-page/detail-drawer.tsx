import { Descriptions, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLabel } from './labels.ts';
import { renderValue } from './render.tsx';
import type { ColumnDef, DetailDef, Row } from './types.ts';

export interface DetailDrawerProps<T extends Row> {
  detail: DetailDef<T>;
  columns: readonly ColumnDef<T>[];
  row: T | null;
  onClose: () => void;
}

/** A record's fields as descriptions (rendered like its columns), plus the definition's extra part. */
export function DetailDrawer<T extends Row>({ detail, columns, row, onClose }: DetailDrawerProps<T>) {
  const { t } = useTranslation('listPage');
  const label = useLabel();
  const shown = detail.fields
    ? detail.fields.flatMap((key) => columns.filter((c) => c.key === key))
    : columns;
  const yesNo = { yes: t('yes'), no: t('no') };
  return (
    <Drawer
      open={!!row}
      title={t('detailTitle')}
      onClose={onClose}
      size={detail.width ?? 640}
      destroyOnHidden
    >
      {row && (
        <>
          <Descriptions
            column={1}
            bordered
            size="small"
            items={shown.map((column) => ({
              key: column.key,
              label: label(column.title),
              children: renderValue(column, row, yesNo),
            }))}
          />
          {detail.extra?.(row)}
        </>
      )}
    </Drawer>
  );
}
