import { Card, Descriptions, Table, Typography, type DescriptionsProps, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { KeyboardScroll } from './keyboard-scroll.tsx';

/** An instant as the console shows it (YYYY-MM-DD HH:mm:ss), or '' when there is none. */
export const dateTimeText = (value: string | null | undefined): string =>
  value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '';

export interface DetailCardProps {
  title: ReactNode;
  extra?: ReactNode;
  /** The fields, as descriptions (label and value). */
  items?: DescriptionsProps['items'];
  /** The record's heading card is full size with bordered fields; the others are small. */
  size?: 'default' | 'small';
  bordered?: boolean;
  column?: DescriptionsProps['column'];
  /** After the fields (a sub-list, a note). */
  children?: ReactNode;
}

/** One part of a detail screen: a card of fields, and whatever follows them. */
export function DetailCard({
  title,
  extra,
  items,
  size = 'small',
  bordered,
  column = { xs: 1, md: 2, xl: 3 },
  children,
}: DetailCardProps) {
  return (
    <Card
      title={title}
      extra={extra}
      size={size === 'small' ? 'small' : undefined}
      style={{ marginBottom: 16 }}
    >
      {items && <Descriptions bordered={bordered} size="small" column={column} items={items} />}
      {children}
    </Card>
  );
}

/** A record's sub-list (its tickets, payments, gate events...): small, unpaged, scrolling sideways. */
export function DetailTable<T extends { id: number | string }>({
  rows,
  columns,
  emptyText,
}: {
  rows: readonly T[];
  columns: TableColumnsType<T>;
  emptyText?: ReactNode;
}) {
  return (
    <KeyboardScroll>
      <Table<T>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        columns={columns}
        // antd draws a table's empty text in its disabled grey (1.8:1); secondary text reads
        locale={
          emptyText
            ? { emptyText: <Typography.Text type="secondary">{emptyText}</Typography.Text> }
            : undefined
        }
      />
    </KeyboardScroll>
  );
}
