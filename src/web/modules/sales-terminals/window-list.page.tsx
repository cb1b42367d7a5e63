import { useMemo } from 'react';
import { windowApi, WindowUpdateSchema, type WindowRow } from '../../../shared/api/sales-terminals.ts';
import { SalesTerminalField as F, WINDOW_PAY_WAYS } from '../../../shared/dict/sales-terminals.ts';
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
import { NameTags, PrinterCell, useOptions } from './sales-terminal-parts.tsx';

/**
 * docs/product.md §2 /terminal/windManage: the area's ticket windows (winManagement terminals) and
 * what each sells, who may sell there, the pay ways it takes and its printer
 * (docs/decisions.md "Ticket windows and self-service machines").
 */
export default function WindowListPage() {
  const options = useOptions(windowApi.options);
  const definition = useMemo(
    () =>
      defineListPage<WindowRow>({
        id: 'terminal.windManage',
        url: windowApi.page,
        exportUrl: windowApi.export,
        rowKey: 'id',
        perms: { update: 'admin:window:update', export: 'admin:window:page' },
        search: terminalSearch(options),
        columns: [
          { key: 'windowNo', title: F.windowNo, width: 90 },
          { key: 'name', title: F.name, sortable: true, width: 160 },
          { key: 'serialNo', title: F.serialNo, sortable: true, hidden: true },
          { key: 'location', title: F.location, hidden: true },
          productsColumn(),
          {
            key: 'operators',
            title: F.operators,
            width: 200,
            render: (_, row) => <NameTags names={row.operators.map((o) => o.username)} />,
          },
          payWaysColumn(220),
          ...paperColumns<WindowRow>(),
          {
            key: 'printerState',
            title: F.printerState,
            sortable: 'paperLevel',
            render: (_, row) => <PrinterCell state={row.printerState} level={row.paperLevel} />,
          },
          ...stateColumns<WindowRow>(),
          { key: 'updateTime', title: F.updateTime, kind: 'dateTime', hidden: true },
        ],
        form: {
          updateUrl: windowApi.update,
          updateSchema: WindowUpdateSchema,
          width: 600,
          fields: [
            { name: 'windowNo', label: F.windowNo, maxLength: 20 },
            productsField(options),
            {
              name: 'operatorIds',
              label: F.operators,
              kind: 'dict',
              dict: options.operators,
              codes: options.operatorCodes,
              multiple: true,
              extra: 'salesTerminals:operatorsHint',
            },
            payWaysField(WINDOW_PAY_WAYS, 'salesTerminals:payWaysHint'),
            ...printerFields,
          ],
          toValues: (row) => ({
            windowNo: row.windowNo,
            productIds: row.products.map((p) => p.id),
            operatorIds: row.operators.map((o) => o.id),
            payWays: row.payWays,
            printerModel: row.printerModel,
            paper: row.paper,
          }),
          // an emptied field is sent as empty (the form leaves out what is cleared)
          toBody: (values, row) => ({
            id: row!.id,
            windowNo: values.windowNo ?? '',
            productIds: values.productIds ?? [],
            operatorIds: values.operatorIds ?? [],
            payWays: values.payWays ?? [],
            printerModel: values.printerModel ?? '',
            paper: values.paper ?? null,
          }),
        },
        detail: {},
      }),
    [options],
  );
  return <ListPage definition={definition} />;
}
