import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { QueryPending } from './record-state.tsx';

/**
 * A settings screen read with one query (/sys/payMentSet, /sys/os): the pending or failed query in a
 * card, then a column of the screen's blocks under its introduction (and `extra` beside it).
 */
export function SettingsScreen<T>({
  query,
  intro,
  extra,
  children,
}: {
  query: UseQueryResult<T>;
  intro: ReactNode;
  extra?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.data === undefined)
    return (
      <Card>
        <QueryPending query={query} />
      </Card>
    );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex gap={8} wrap justify="space-between" align="center">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {intro}
        </Typography.Paragraph>
        {extra}
      </Flex>
      {children(query.data)}
    </Space>
  );
}
