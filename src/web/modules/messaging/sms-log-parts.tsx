import { Table, Tag, Tooltip, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { smsApi, type SmsLogRow } from '../../../shared/api/messaging.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { MessageVariable, SmsField } from '../../../shared/dict/messaging.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { listQueryKey } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import styles from './sms-log.module.css';

/** Failed (MessageStatus 3): the one state a message can be resent from. */
const FAILED = 3;

/** A dictionary code as plain text (a template, a use): a tag for each would crowd the row. */
export function DictText({ dict, value }: { dict: Parameters<typeof dictLabel>[0]; value: unknown }) {
  const { lang } = useSettings();
  return <>{value == null ? '' : dictLabel(dict, value as number | string, lang)}</>;
}

/**
 * A long text (the message, the provider's answer) cut to `width` in the list with an ellipsis,
 * whole in a tooltip and in the detail drawer: the list's table is as wide as its content, so a
 * column's own ellipsis would not cut it.
 */
export function CutText({ text, width }: { text: string; width: number }) {
  if (!text) return null;
  return (
    <Tooltip title={text} placement="topLeft">
      <span className={styles.cut} style={{ '--cut-width': `${width}px` } as CSSProperties}>
        {text}
      </span>
    </Tooltip>
  );
}

/** The status, with a mark when a failed message has already been resent. */
export function ResentMark({ row }: { row: SmsLogRow }) {
  const { t } = useTranslation('messaging');
  return row.resent ? <Tag color="default">{t('resentTag')}</Tag> : null;
}

/** "Resend" on a failed message not resent yet: asks first, queues a copy, refreshes the log. */
export function ResendAction({ row, onDone }: { row: SmsLogRow; onDone: () => void }) {
  const { t } = useTranslation('messaging');
  if (row.status !== FAILED || row.resent) return null;
  return (
    <ConfirmAction
      perm="admin:sms:resend"
      title={t('resendConfirm', { phone: row.phone })}
      description={t('resendHint')}
      action={() => post<SmsLogRow>(smsApi.resend, { id: row.id })}
      success={t('resent')}
      refresh={[listQueryKey(smsApi.page)]}
      onSuccess={onDone}
      button={{ type: 'link', size: 'small', 'data-testid': 'sms-resend' }}
    >
      {t('resend')}
    </ConfirmAction>
  );
}

/** A message's variables as a small key / value table, each name with its label. */
export function VariablesTable({ row }: { row: SmsLogRow }) {
  const { t } = useTranslation('messaging');
  const { lang } = useSettings();
  const data = Object.entries(row.variables).map(([name, value]) => ({ name, value }));
  return (
    <div style={{ marginTop: 16 }} data-testid="sms-variables-table">
      <Typography.Title level={5}>{SmsField.variables[lang]}</Typography.Title>
      <Table
        rowKey="name"
        size="small"
        bordered
        pagination={false}
        dataSource={data}
        columns={[
          {
            key: 'name',
            title: t('variable'),
            width: 200,
            render: (_, v) => (
              <>
                {dictLabel(MessageVariable, v.name, lang)}{' '}
                <Typography.Text type="secondary" code>
                  {v.name}
                </Typography.Text>
              </>
            ),
          },
          { key: 'value', dataIndex: 'value', title: t('value') },
        ]}
      />
    </div>
  );
}
