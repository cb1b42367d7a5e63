import { ArrowDownOutlined, ArrowLeftOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  CarouselCreateSchema,
  CarouselUpdateSchema,
  machineApi,
  machineCarouselApi,
  type CarouselRow,
  type MachineRow,
} from '../../../shared/api/sales-terminals.ts';
import { storageApi } from '../../../shared/api/storage.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { SalesTerminalField as F } from '../../../shared/dict/sales-terminals.ts';
import { Can } from '../../components/can.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { defineListPage, ListPage, useListReload } from '../../components/list-page/index.ts';
import { get, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { InstantField, WindowText } from '../../components/date-pickers.tsx';

function ImageField({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  return (
    <ImageUpload action={storageApi.uploadUnMove} value={value ?? ''} onChange={(url) => onChange?.(url)} />
  );
}

/** Moves an item one place up or down among everything the machine shows, and saves the order. */
function MoveButtons({ row, machineId }: { row: CarouselRow; machineId: number }) {
  const { t } = useTranslation('salesTerminals');
  const reload = useListReload(machineCarouselApi.page);
  const move = useAction(
    async (step: -1 | 1) => {
      const { rows } = await post<{ rows: CarouselRow[] }>(machineCarouselApi.page, {
        machineId,
        limit: 400,
        sort: 'sort',
        order: 'asc',
      });
      const ids = rows.map((r) => r.id);
      const from = ids.indexOf(row.id);
      const to = from + step;
      if (from < 0 || to < 0 || to >= ids.length) return null;
      [ids[from], ids[to]] = [ids[to]!, ids[from]!];
      return post<null>(machineCarouselApi.reorder, { machineId, ids });
    },
    { success: t('orderSaved'), onSuccess: () => reload() },
  );
  return (
    <Can perm="admin:autoSell:update">
      {(allowed) => (
        <>
          <Tooltip title={t('moveUp')}>
            <Button
              type="link"
              size="small"
              aria-label={t('moveUp')}
              icon={<ArrowUpOutlined />}
              loading={move.pending}
              onClick={() => void move.run(-1)}
              disabled={!allowed}
            />
          </Tooltip>
          <Tooltip title={t('moveDown')}>
            <Button
              type="link"
              size="small"
              aria-label={t('moveDown')}
              icon={<ArrowDownOutlined />}
              loading={move.pending}
              onClick={() => void move.run(1)}
              disabled={!allowed}
            />
          </Tooltip>
        </>
      )}
    </Can>
  );
}

function MachineName({ row }: { row: CarouselRow }) {
  const { t } = useTranslation('salesTerminals');
  const { lang } = useSettings();
  return row.machineId == null ? (
    <Tag color="blue">{F.allMachines[lang]}</Tag>
  ) : (
    <Tag>{t('thisMachine')}</Tag>
  );
}

function Showing({ showing }: { showing: boolean }) {
  const { t } = useTranslation('salesTerminals');
  return showing ? <Tag color="green">{t('showing')}</Tag> : <Tag>{t('notShowing')}</Tag>;
}

function useCarouselList(machineId: number) {
  return useMemo(
    () =>
      defineListPage<CarouselRow>({
        id: 'terminal.autoSellTicketMange',
        url: machineCarouselApi.page,
        exportUrl: machineCarouselApi.export,
        params: { machineId },
        rowKey: 'id',
        defaultSort: { sort: 'sort', order: 'asc' },
        perms: {
          create: 'admin:autoSell:update',
          update: 'admin:autoSell:update',
          delete: 'admin:autoSell:update',
          export: 'admin:autoSell:page',
        },
        search: [{ kind: 'dict', name: 'status', label: F.status, dict: EnableStatus }],
        columns: [
          {
            key: 'image',
            title: F.image,
            width: 100,
            render: (value, row) =>
              value ? (
                <img
                  src={String(value)}
                  alt={row.title}
                  width={72}
                  height={40}
                  style={{ objectFit: 'cover' }}
                />
              ) : null,
          },
          { key: 'title', title: F.title, width: 160, ellipsis: true },
          { key: 'machineId', title: F.machine, width: 170, render: (_, row) => <MachineName row={row} /> },
          {
            key: 'startTime',
            title: F.startTime,
            sortable: true,
            width: 240,
            render: (_, row) => <WindowText from={row.startTime} to={row.endTime} />,
          },
          { key: 'sort', title: F.sort, sortable: true, width: 80 },
          { key: 'status', title: F.status, kind: 'dict', dict: EnableStatus, width: 90 },
          {
            key: 'showing',
            title: 'salesTerminals:showing',
            width: 100,
            render: (_, row) => <Showing showing={row.showing} />,
          },
          { key: 'createTime', title: F.createTime, kind: 'dateTime', sortable: true, hidden: true },
        ],
        form: {
          createUrl: machineCarouselApi.create,
          updateUrl: machineCarouselApi.update,
          createSchema: CarouselCreateSchema,
          updateSchema: CarouselUpdateSchema,
          width: 600,
          fields: [
            { name: 'title', label: F.title, maxLength: 30 },
            { name: 'image', label: F.image, kind: 'custom', required: true, render: () => <ImageField /> },
            {
              name: 'allMachines',
              label: F.allMachines,
              kind: 'switch',
              extra: 'salesTerminals:allMachinesHint',
            },
            {
              name: 'startTime',
              label: F.startTime,
              kind: 'custom',
              extra: 'salesTerminals:windowHint',
              render: () => <InstantField />,
            },
            { name: 'endTime', label: F.endTime, kind: 'custom', render: () => <InstantField /> },
            { name: 'sort', label: F.sort, kind: 'number', min: 0, max: 9999 },
            { name: 'status', label: F.status, kind: 'dict', dict: EnableStatus },
          ],
          initialValues: { image: '', allMachines: false, sort: 0, status: 1 },
          toValues: (row) => ({
            title: row.title,
            image: row.image,
            allMachines: row.machineId == null,
            startTime: row.startTime,
            endTime: row.endTime,
            sort: row.sort,
            status: row.status,
          }),
          toBody: (values, row) => ({
            ...(row ? { id: row.id } : {}),
            machineId: values.allMachines ? null : machineId,
            title: values.title ?? '',
            image: values.image ?? '',
            startTime: values.startTime ?? null,
            endTime: values.endTime ?? null,
            sort: values.sort ?? 0,
            status: values.status ?? 1,
          }),
        },
        delete: { url: machineCarouselApi.delete, confirm: 'salesTerminals:deleteCarouselConfirm' },
        rowActions: (row) => <MoveButtons row={row} machineId={machineId} />,
        actionWidth: 200,
      }),
    [machineId],
  );
}

function CarouselList({ machineId }: { machineId: number }) {
  const { t } = useTranslation('salesTerminals');
  const navigate = useNavigate();
  const machine = useQuery({
    queryKey: [machineApi.query, machineId],
    queryFn: () => get<MachineRow>(machineApi.query, { id: machineId }, { silent: true }),
  });
  const definition = useCarouselList(machineId);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/terminal/autoSellTerMange')}>
      {t('backToMachines')}
    </Button>
  );
  if (machine.isError) return <Empty description={t('noMachine')}>{back}</Empty>;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Card size="small">
        <Space wrap>
          {back}
          {machine.data && (
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('carouselOf', { name: machine.data.name })}
            </Typography.Title>
          )}
        </Space>
      </Card>
      <ListPage definition={definition} />
    </Space>
  );
}

/** /terminal/autoSellTicketMange?id=: the screen carousel of one self-service machine. */
export default function MachineCarouselPage() {
  const { t } = useTranslation('salesTerminals');
  const [params] = useSearchParams();
  const machineId = Number(params.get('id'));
  if (!Number.isInteger(machineId) || machineId <= 0) return <Empty description={t('noMachine')} />;
  return <CarouselList key={machineId} machineId={machineId} />;
}
