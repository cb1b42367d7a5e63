import { Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { machineApi, MachineUpdateSchema, type MachineRow } from '../../../shared/api/sales-terminals.ts';
import { MACHINE_PAY_WAYS, SalesTerminalField as F } from '../../../shared/dict/sales-terminals.ts';
import { TerminalPrinterState } from '../../../shared/dict/terminal.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import {
  paperColumns,
  payWaysColumn,
  payWaysField,
  printerFields,
  productsColumn,
  productsField,
  stateColumns,
  terminalSearch,
} from './sales-terminal-fields.tsx';
import { PrinterCell, useOptions } from './sales-terminal-parts.tsx';
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
        search: terminalSearch(options, [
          { kind: 'dict', name: 'printerState', label: F.printerState, dict: TerminalPrinterState },
        ]),
        columns: [
          { key: 'name', title: F.name, sortable: true, width: 170 },
          { key: 'serialNo', title: F.serialNo, sortable: true, hidden: true },
          { key: 'location', title: F.location, width: 120, ellipsis: true },
          productsColumn(),
          payWaysColumn(200),
          ...paperColumns<MachineRow>(),
          {
            key: 'paperLevel',
            title: F.printerState,
            sortable: true,
            render: (_, row) => (
              <PrinterCell state={row.printerState} level={row.paperLevel} alert={row.printerAlert} />
            ),
          },
          ...stateColumns<MachineRow>(),
        ],
        form: {
          updateUrl: machineApi.update,
          updateSchema: MachineUpdateSchema,
          width: 600,
          fields: [
            productsField(options),
            payWaysField(MACHINE_PAY_WAYS, 'salesTerminals:machinePayWaysHint'),
            ...printerFields,
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
