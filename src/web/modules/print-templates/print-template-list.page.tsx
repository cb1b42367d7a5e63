import { Button, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { printTemplateApi, type PrintTemplateRow } from '../../../shared/api/print-templates.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { PrintTemplateField } from '../../../shared/dict/print-templates.ts';
import { PrinterPaper } from '../../../shared/dict/printer.ts';
import { Can } from '../../components/can.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';

export const DESIGNER_PATH = '/ticket/printer';

function NameCell({ row }: { row: PrintTemplateRow }) {
  const { t } = useTranslation('printTemplates');
  return (
    <Space size={4}>
      {row.name}
      {row.isDefault && <Tag color="gold">{t('defaultTag')}</Tag>}
    </Space>
  );
}

function SizeCell({ row }: { row: PrintTemplateRow }) {
  const { t } = useTranslation('printTemplates');
  return <>{t('sizeMm', { width: row.widthMm, height: row.heightMm })}</>;
}

function RowActions({ row, reload }: { row: PrintTemplateRow; reload: () => void }) {
  const { t } = useTranslation('printTemplates');
  const navigate = useNavigate();
  return (
    <>
      <Can perm="admin:printer:update">
        {(allowed) => (
          <Button
            type="link"
            size="small"
            disabled={!allowed}
            onClick={() => void navigate(`${DESIGNER_PATH}?id=${row.id}`)}
          >
            {t('design')}
          </Button>
        )}
      </Can>
      {!row.isDefault && (
        <ConfirmAction
          perm="admin:printer:update"
          title={t('setDefault')}
          description={t('setDefaultConfirm')}
          action={() => post(printTemplateApi.setDefault, { id: row.id })}
          success={t('setDefaultDone')}
          onSuccess={reload}
        >
          {t('setDefault')}
        </ConfirmAction>
      )}
    </>
  );
}

function CreateButton() {
  const { t } = useTranslation('listPage');
  const navigate = useNavigate();
  return (
    <Can perm="admin:printer:create">
      {(allowed) => (
        <Button type="primary" disabled={!allowed} onClick={() => void navigate(DESIGNER_PATH)}>
          {t('create')}
        </Button>
      )}
    </Can>
  );
}

/** docs/product.md §2 /ticket/printerModule: ticket print templates; they are edited in the designer (/ticket/printer). */
export default function PrintTemplateListPage() {
  const definition = useMemo(
    () =>
      defineListPage<PrintTemplateRow>({
        id: 'ticket.printerModule',
        url: printTemplateApi.page,
        exportUrl: printTemplateApi.export,
        rowKey: 'id',
        perms: { delete: 'admin:printer:delete', export: 'admin:printer:page' },
        search: [
          { kind: 'text', name: 'name', label: PrintTemplateField.name, maxLength: 50 },
          { kind: 'dict', name: 'paper', label: PrintTemplateField.paper, dict: PrinterPaper },
          { kind: 'dict', name: 'status', label: PrintTemplateField.status, dict: EnableStatus },
        ],
        columns: [
          {
            key: 'name',
            title: PrintTemplateField.name,
            sortable: true,
            render: (_, row) => <NameCell row={row} />,
          },
          { key: 'paper', title: PrintTemplateField.paper, kind: 'dict', dict: PrinterPaper, sortable: true },
          { key: 'size', title: PrintTemplateField.size, render: (_, row) => <SizeCell row={row} /> },
          {
            key: 'elementCount',
            title: PrintTemplateField.elementCount,
            render: (_, row) => row.elements.length,
          },
          { key: 'isDefault', title: PrintTemplateField.isDefault, kind: 'boolean', hidden: true },
          { key: 'status', title: PrintTemplateField.status, kind: 'dict', dict: EnableStatus },
          { key: 'remark', title: PrintTemplateField.remark, hidden: true, ellipsis: true, width: 200 },
          { key: 'updateTime', title: PrintTemplateField.updateTime, kind: 'dateTime', sortable: true },
        ],
        delete: { url: printTemplateApi.delete },
        rowActions: (row, { reload }) => <RowActions row={row} reload={reload} />,
        toolbar: () => <CreateButton />,
        actionWidth: 240,
      }),
    [],
  );
  return <ListPage definition={definition} />;
}
