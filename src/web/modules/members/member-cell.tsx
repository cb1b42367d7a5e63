import { Button, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { memberDetailPath } from './paths.ts';

/** A row's member: the nickname (or #id) opening the member, and the phone under it. */
export function MemberCell({
  row,
}: {
  row: { memberId: number; memberNickname: string | null; memberPhone: string | null };
}) {
  const navigate = useNavigate();
  return (
    <Space direction="vertical" size={0}>
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        onClick={() => void navigate(memberDetailPath(row.memberId))}
      >
        {row.memberNickname || `#${row.memberId}`}
      </Button>
      <Typography.Text type="secondary">{row.memberPhone}</Typography.Text>
    </Space>
  );
}
