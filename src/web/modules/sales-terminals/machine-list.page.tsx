import { Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { machineApi, MachineUpdateSchema, type MachineRow } from '../../../shared/api/sales-terminals.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { PayWay } from '../../../shared/dict/order.ts';
import {
  MACHINE_PAY_WAYS,
  PrinterPaper,
  ProfileConfigured,
  SalesTerminalField as F,
} from '../../../shared/dict/sales-terminals.ts';
import { TerminalOnline, TerminalPrinterState } from '../../../shared/dict/terminal.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { NameTags, PayWayTags, PrinterCell, useOptions } from './sales-terminal-parts.tsx';
import { MACHINE_CAROUSEL_PATH } from './sales-terminals.module.ts';

function CarouselButton({ row }: { row: MachineRow }) {
  const { t } = useTranslation('salesTerminals');
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" onClick={() => void navigate(`${MACHINE_CAROUSEL_PATH}?id=${row.id}`)}>
      {t('carousel')} ({row.carouselCount})
    </Button>
  );
}

/**
 * docs/product.md §2 /terminal/autoSellTerMange: the area's self-service machines, what they sell
 * and take, their printer and paper as reported by the heartbeat, and their screen carousel.
 */
export default function MachineListPage() {
  const options = useOptions(machineApi.options);
  const definition = useMemo(
    () =>
      defineListPage<MachineRow>({
        id: 'terminal.autoSellTerMange',
        url: machineApi.page,
        exportUrl: machineApi.export,
        rowKey: 'id',
        perms: { update: 'admin:autoSell:update', export: 'admin:autoSell:page' },
        search: [
          { kind: 'text', name: 'name', label: 'salesTerminals:nameOrSerial', maxLength: 64 },
          { kind: 'dict', name: 'online', label: F.online, dict: TerminalOnline },
          { kind: 'dict', name: 'status', label: F.status, dict: EnableStatus },
          { kind: 'dict', name: 'printerState', label: F.printerState, dict: TerminalPrinterState },
          { kind: 'dict', name: 'productId', label: F.product, dict: options.products, width: 220 },
          { kind: 'dict', name: 'configured', label: F.configured, dict: ProfileConfigured },
        ],
        columns: [
          { key: 'name', title: F.name, sortable: true, width: 170 },
          { key: 'serialNo', title: F.serialNo, sortable: true, hidden: true },
          { key: 'location', title: F.location, width: 120, ellipsis: true },
          {
            key: 'products',
            title: F.products,
            width: 260,
            render: (_, row) => <NameTags names={row.products.map((p) => p.name)} />,
          },
          {
            key: 'payWays',
            title: F.payWays,
            width: 200,
            render: (_, row) => <PayWayTags codes={row.payWays} />,
          },
          { key: 'printerModel', title: F.printerModel, hidden: true },
          { key: 'paper', title: F.paper, kind: 'dict', dict: PrinterPaper },
          {
            key: 'paperLevel',
            title: F.printerState,
            sortable: true,
            render: (_, row) => (
              <PrinterCell state={row.printerState} level={row.paperLevel} alert={row.printerAlert} />
            ),
          },
          { key: 'online', title: F.online, kind: 'dict', dict: TerminalOnline },
          { key: 'status', title: F.status, kind: 'dict', dict: EnableStatus },
          { key: 'configured', title: F.configured, kind: 'dict', dict: ProfileConfigured, hidden: true },
          { key: 'lastSeenTime', title: F.lastSeen, kind: 'dateTime', sortable: true, hidden: true },
        ],
        form: {
          updateUrl: machineApi.update,
          updateSchema: MachineUpdateSchema,
          width: 600,
          fields: [
            {
              name: 'productIds',
              label: F.products,
              kind: 'dict',
              dict: options.products,
              codes: options.productCodes,
              multiple: true,
              extra: 'salesTerminals:productsHint',
            },
            {
              name: 'payWays',
              label: F.payWays,
              kind: 'dict',
              dict: PayWay,
              codes: MACHINE_PAY_WAYS,
              multiple: true,
              extra: 'salesTerminals:machinePayWaysHint',
            },
            { name: 'printerModel', label: F.printerModel, maxLength: 50 },
            { name: 'paper', label: F.paper, kind: 'dict', dict: PrinterPaper },
          ],
          toValues: (row) => ({
            productIds: row.products.map((p) => p.id),
            payWays: row.payWays,
            printerModel: row.printerModel,
            paper: row.paper,
          }),
          toBody: (values, row) => ({
            id: row!.id,
            productIds: values.productIds ?? [],
            payWays: values.payWays ?? [],
            printerModel: values.printerModel ?? '',
            paper: values.paper ?? null,
          }),
        },
        detail: {},
        rowActions: (row) => <CarouselButton row={row} />,
        actionWidth: 200,
      }),
    [options],
  );
  return <ListPage definition={definition} />;
}
