import { Image, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { QRCodeSVG } from 'qrcode.react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  staffCardApi,
  CARD_READ_MODE,
  StaffCardCreateSchema,
  StaffCardUpdateSchema,
  type StaffCardRow,
} from '../../../shared/api/staff-cards.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { CardValidity, StaffCardField } from '../../../shared/dict/staff-cards.ts';
import { CardReadMode } from '../../../shared/dict/ticket.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import {
  CredentialField,
  FaceImageField,
  GatesField,
  GateTags,
  InstantField,
  ReadModesField,
  ReadModeTags,
} from './staff-card-fields.tsx';

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

/** Credentials of read modes that are not chosen are cleared, so they stop opening gates. */
function toBody(values: Record<string, unknown>, row: StaffCardRow | undefined) {
  const modes = (values.readModes as number[] | undefined) ?? [];
  const body: Record<string, unknown> = { ...values };
  if (!modes.includes(CARD_READ_MODE.idCard)) body.idNumber = '';
  if (!modes.includes(CARD_READ_MODE.icCard)) body.icCardNo = '';
  if (!modes.includes(CARD_READ_MODE.face)) body.faceImage = '';
  return row ? { id: row.id, ...body } : body;
}

/** Spec §2 /ticket/entryCode: staff cards (park entry type 3, spec §9). */
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
        form: {
          createUrl: staffCardApi.create,
          updateUrl: staffCardApi.update,
          createSchema: StaffCardCreateSchema,
          updateSchema: StaffCardUpdateSchema,
          width: 560,
          fields: [
            { name: 'holderName', label: StaffCardField.holderName, required: true, maxLength: 50 },
            { name: 'phone', label: StaffCardField.phone, maxLength: 20 },
            { name: 'department', label: StaffCardField.department, maxLength: 50 },
            {
              name: 'readModes',
              label: StaffCardField.readModes,
              kind: 'custom',
              required: true,
              extra: 'staffCards:readModesHint',
              render: () => <ReadModesField />,
            },
            {
              name: 'idNumber',
              label: StaffCardField.idNumber,
              kind: 'custom',
              extra: 'staffCards:idNumberHint',
              render: () => <CredentialField mode={CARD_READ_MODE.idCard} maxLength={18} />,
            },
            {
              name: 'icCardNo',
              label: StaffCardField.icCardNo,
              kind: 'custom',
              extra: 'staffCards:icCardNoHint',
              render: () => <CredentialField mode={CARD_READ_MODE.icCard} maxLength={32} />,
            },
            {
              name: 'faceImage',
              label: StaffCardField.faceImage,
              kind: 'custom',
              extra: 'staffCards:faceImageHint',
              render: () => <FaceImageField mode={CARD_READ_MODE.face} />,
            },
            {
              name: 'gateIds',
              label: StaffCardField.gates,
              kind: 'custom',
              extra: 'staffCards:gatesHint',
              render: () => <GatesField />,
            },
            {
              name: 'validFrom',
              label: StaffCardField.validFrom,
              kind: 'custom',
              required: true,
              render: () => <InstantField />,
            },
            {
              name: 'validTo',
              label: StaffCardField.validTo,
              kind: 'custom',
              required: true,
              render: () => <InstantField />,
            },
            {
              name: 'status',
              label: StaffCardField.status,
              kind: 'dict',
              dict: EnableStatus,
              createOnly: true,
            },
            { name: 'remark', label: StaffCardField.remark, kind: 'textarea', maxLength: 200 },
          ],
          initialValues: {
            readModes: [CARD_READ_MODE.qr],
            gateIds: [],
            status: 1,
            validFrom: dayjs().startOf('day').format(),
            validTo: dayjs().add(1, 'year').endOf('day').startOf('second').format(),
          },
          toValues: (row) => ({
            holderName: row.holderName,
            phone: row.phone,
            department: row.department,
            readModes: row.readModes,
            idNumber: row.idNumber,
            icCardNo: row.icCardNo,
            faceImage: row.faceImage,
            gateIds: row.gateIds,
            validFrom: row.validFrom,
            validTo: row.validTo,
            status: row.status,
            remark: row.remark,
          }),
          toBody,
        },
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
