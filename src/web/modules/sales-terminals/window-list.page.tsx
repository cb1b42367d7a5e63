import { useMemo } from 'react';
import { windowApi, WindowUpdateSchema, type WindowRow } from '../../../shared/api/sales-terminals.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { PayWay } from '../../../shared/dict/order.ts';
import {
  PrinterPaper,
  ProfileConfigured,
  SalesTerminalField as F,
  WINDOW_PAY_WAYS,
} from '../../../shared/dict/sales-terminals.ts';
import { TerminalOnline } from '../../../shared/dict/terminal.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { NameTags, PayWayTags, PrinterCell, useOptions } from './sales-terminal-parts.tsx';

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
        search: [
          { kind: 'text', name: 'name', label: 'salesTerminals:nameOrSerial', maxLength: 64 },
          { kind: 'dict', name: 'online', label: F.online, dict: TerminalOnline },
          { kind: 'dict', name: 'status', label: F.status, dict: EnableStatus },
          { kind: 'dict', name: 'productId', label: F.product, dict: options.products, width: 220 },
          { kind: 'dict', name: 'configured', label: F.configured, dict: ProfileConfigured },
        ],
        columns: [
          { key: 'windowNo', title: F.windowNo, width: 90 },
          { key: 'name', title: F.name, sortable: true, width: 160 },
          { key: 'serialNo', title: F.serialNo, sortable: true, hidden: true },
          { key: 'location', title: F.location, hidden: true },
          {
            key: 'products',
            title: F.products,
            width: 260,
            render: (_, row) => <NameTags names={row.products.map((p) => p.name)} />,
          },
          {
            key: 'operators',
            title: F.operators,
            width: 200,
            render: (_, row) => <NameTags names={row.operators.map((o) => o.username)} />,
          },
          {
            key: 'payWays',
            title: F.payWays,
            width: 220,
            render: (_, row) => <PayWayTags codes={row.payWays} />,
          },
          { key: 'printerModel', title: F.printerModel, hidden: true },
          { key: 'paper', title: F.paper, kind: 'dict', dict: PrinterPaper },
          {
            key: 'printerState',
            title: F.printerState,
            sortable: 'paperLevel',
            render: (_, row) => <PrinterCell state={row.printerState} level={row.paperLevel} />,
          },
          { key: 'online', title: F.online, kind: 'dict', dict: TerminalOnline },
          { key: 'status', title: F.status, kind: 'dict', dict: EnableStatus },
          { key: 'configured', title: F.configured, kind: 'dict', dict: ProfileConfigured, hidden: true },
          { key: 'lastSeenTime', title: F.lastSeen, kind: 'dateTime', sortable: true, hidden: true },
          { key: 'updateTime', title: F.updateTime, kind: 'dateTime', hidden: true },
        ],
        form: {
          updateUrl: windowApi.update,
          updateSchema: WindowUpdateSchema,
          width: 600,
          fields: [
            { name: 'windowNo', label: F.windowNo, maxLength: 20 },
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
              name: 'operatorIds',
              label: F.operators,
              kind: 'dict',
              dict: options.operators,
              codes: options.operatorCodes,
              multiple: true,
              extra: 'salesTerminals:operatorsHint',
            },
            {
              name: 'payWays',
              label: F.payWays,
              kind: 'dict',
              dict: PayWay,
              codes: WINDOW_PAY_WAYS,
              multiple: true,
              extra: 'salesTerminals:payWaysHint',
            },
            { name: 'printerModel', label: F.printerModel, maxLength: 50 },
            { name: 'paper', label: F.paper, kind: 'dict', dict: PrinterPaper },
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
