import { Image, Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCardApi, type StaffCardRow } from '../../../shared/api/staff-cards.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { CardValidity, StaffCardField } from '../../../shared/dict/staff-cards.ts';
import { CardReadMode } from '../../../shared/dict/gates.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import { GateTags, ReadModeTags } from './staff-card-fields.tsx';
import { staffCardForm } from './staff-card-form.tsx';

const maskId = (id: string) => (id ? `${id.slice(0, 6)}********${id.slice(-4)}` : '');

function ResetQr({ row, onDone }: { row: StaffCardRow; onDone: () => void }) {
  const { t } = useTranslation('staffCards');
  return (
    <ConfirmAction
      perm="admin:entryCode:update"
      title={t('resetQr')}
      description={t('resetQrConfirm')}
      okDanger
      action={() => post(staffCardApi.resetQr, { id: row.id })}
      success={t('resetQrDone')}
      onSuccess={onDone}
    >
      {t('resetQr')}
    </ConfirmAction>
  );
}

function CardQr({ row }: { row: StaffCardRow }) {
  const { t } = useTranslation('staffCards');
  return (
    <Space orientation="vertical" align="center" style={{ width: '100%', marginTop: 24 }}>
      <Typography.Title level={5}>{t('qrTitle')}</Typography.Title>
      <QRCodeSVG value={row.qrCode} size={200} marginSize={2} title={row.holderName} />
      <Typography.Text type="secondary">{t('qrHint')}</Typography.Text>
      {row.faceImage && <Image src={row.faceImage} width={120} alt={row.holderName} />}
    </Space>
  );
}

/** docs/product.md §2 /ticket/entryCode: staff cards (park entry type 3, docs/product.md §9). */
export default function StaffCardListPage() {
  const definition = useMemo(
    () =>
      defineListPage<StaffCardRow>({
        id: 'ticket.entryCode',
        url: staffCardApi.page,
        exportUrl: staffCardApi.export,
        rowKey: 'id',
        perms: {
          create: 'admin:entryCode:create',
          update: 'admin:entryCode:update',
          delete: 'admin:entryCode:delete',
          status: 'admin:entryCode:update',
          export: 'admin:entryCode:page',
        },
        search: [
          { kind: 'text', name: 'holderName', label: StaffCardField.holderName, maxLength: 50 },
          { kind: 'text', name: 'phone', label: StaffCardField.phone, maxLength: 20 },
          { kind: 'text', name: 'department', label: StaffCardField.department, maxLength: 50 },
          { kind: 'dict', name: 'readMode', label: StaffCardField.readModes, dict: CardReadMode },
          { kind: 'dict', name: 'validity', label: StaffCardField.validity, dict: CardValidity },
          { kind: 'dict', name: 'status', label: StaffCardField.status, dict: EnableStatus },
        ],
        columns: [
          { key: 'holderName', title: StaffCardField.holderName, sortable: true },
          { key: 'phone', title: StaffCardField.phone },
          { key: 'department', title: StaffCardField.department, sortable: true },
          {
            key: 'readModes',
            title: StaffCardField.readModes,
            render: (_, row) => <ReadModeTags modes={row.readModes} />,
          },
          { key: 'gates', title: StaffCardField.gates, render: (_, row) => <GateTags gates={row.gates} /> },
          { key: 'validFrom', title: StaffCardField.validFrom, kind: 'dateTime', sortable: true },
          { key: 'validTo', title: StaffCardField.validTo, kind: 'dateTime', sortable: true },
          { key: 'validity', title: StaffCardField.validity, kind: 'dict', dict: CardValidity },
          { key: 'status', title: StaffCardField.status, kind: 'dict', dict: EnableStatus },
          {
            key: 'idNumber',
            title: StaffCardField.idNumber,
            hidden: true,
            render: (value) => maskId(String(value ?? '')),
          },
          { key: 'icCardNo', title: StaffCardField.icCardNo, hidden: true },
          { key: 'remark', title: StaffCardField.remark, hidden: true, ellipsis: true, width: 200 },
          {
            key: 'createTime',
            title: StaffCardField.createTime,
            kind: 'dateTime',
            sortable: true,
            hidden: true,
          },
        ],
        form: staffCardForm(),
        detail: {
          fields: [
            'holderName',
            'phone',
            'department',
            'readModes',
            'gates',
            'validFrom',
            'validTo',
            'validity',
            'status',
            'idNumber',
            'icCardNo',
            'remark',
            'createTime',
          ],
          extra: (row) => <CardQr row={row} />,
        },
        delete: { url: staffCardApi.delete },
        status: { url: staffCardApi.status },
        rowActions: (row, { reload }) => <ResetQr row={row} onDone={reload} />,
        actionWidth: 240,
      }),
    [],
  );
  return <ListPage definition={definition} />;
}
