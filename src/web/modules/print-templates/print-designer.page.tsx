import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Result, Row, Space, Spin } from 'antd';

import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  printTemplateApi,
  paperWidthMm,
  PrintTemplateCreateSchema,
  PrintTemplateUpdateSchema,
  type PrintElement,
  type PrintTemplateRow,
  type TicketPrintData,
} from '../../../shared/api/print-templates.ts';
import { usePermission } from '../../components/can.tsx';
import { issueMessage, listQueryKey } from '../../components/list-page/index.ts';
import { printTickets } from '../../components/ticket-print/index.ts';
import { get, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { ElementList } from './designer-elements.tsx';
import { draftOf, NEW_DRAFT, TemplateBasics, TemplatePreview, type Draft } from './designer-panels.tsx';
import { areaToday } from '../../lib/area-clock.ts';

const LIST_PATH = '/ticket/printerModule';
const DESIGNER_PATH = '/ticket/printer';

/** Checked with the server's schema (the complaints listed), then created or updated. */
function useTemplateSave(id: number | null, draft: Draft) {
  const { t } = useTranslation('printTemplates');
  const { lang } = useSettings();
  const navigate = useNavigate();
  const [problems, setProblems] = useState<string[]>([]);
  const send = useAction(
    (body: unknown) =>
      post<PrintTemplateRow>(id === null ? printTemplateApi.create : printTemplateApi.update, body),
    {
      success: t('saved'),
      refresh: [listQueryKey(printTemplateApi.page), ['printTemplates', 'one']],
      onSuccess: (saved) => {
        if (id === null) void navigate(`${DESIGNER_PATH}?id=${saved.id}`, { replace: true });
      },
    },
  );
  const save = () => {
    const body = id === null ? { ...draft } : { id, ...draft };
    const schema = id === null ? PrintTemplateCreateSchema : PrintTemplateUpdateSchema;
    const checked = schema.safeParse(body, { reportInput: true });
    if (!checked.success)
      return setProblems(
        checked.error.issues.map((issue) => `${issue.path.join('.') || '-'}: ${issueMessage(issue, lang)}`),
      );
    setProblems([]);
    void send.run(checked.data);
  };
  return { save, saving: send.pending, problems, setProblems };
}

/** docs/product.md §2 /ticket/printer (hidden): the print-template designer; `?id=` edits, none creates. */
export default function PrintDesignerPage() {
  const { t } = useTranslation(['printTemplates', 'common']);
  const can = usePermission();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;

  const loaded = useQuery({
    queryKey: ['printTemplates', 'one', id],
    queryFn: () => get<PrintTemplateRow>(printTemplateApi.query, { id }),
    enabled: id !== null,
  });

  const [draft, setDraft] = useState<Draft>(NEW_DRAFT);
  const [selected, setSelected] = useState<number | null>(null);
  const { save, saving, problems, setProblems } = useTemplateSave(id, draft);

  useEffect(() => {
    if (id === null) setDraft(NEW_DRAFT);
    else if (loaded.data) setDraft(draftOf(loaded.data));
    setSelected(null);
    setProblems([]);
  }, [id, loaded.data, setProblems]);

  const widthMm = paperWidthMm(draft.paper);
  const template = useMemo(
    () => ({ widthMm, heightMm: draft.heightMm, elements: draft.elements }),
    [widthMm, draft.heightMm, draft.elements],
  );
  const sample: TicketPrintData = useMemo(
    () => ({
      productName: t('sampleProduct'),
      visitDate: areaToday().format('YYYY-MM-DD'),
      price: 12_000,
      qrCode: 'TEST-TICKET-20250101-0001',
      visitor: t('sampleVisitor'),
      orderNo: 'T202501010001',
    }),
    [t],
  );
  const setElements = (elements: PrintElement[]) => setDraft((d) => ({ ...d, elements }));

  if (id !== null && loaded.isError) return <Result status="404" subTitle={t('notFound')} />;
  if (id !== null && !loaded.data) return <Spin style={{ display: 'block', margin: 48 }} />;

  const allowed = can(id === null ? 'admin:printer:create' : 'admin:printer:update');

  return (
    <Row gutter={16}>
      <Col xs={24} lg={10}>
        <TemplateBasics draft={draft} setDraft={setDraft} disabled={saving} />
        <Card title={t('elements')} size="small">
          <ElementList
            elements={draft.elements}
            widthMm={widthMm}
            heightMm={draft.heightMm}
            selected={selected}
            onSelect={setSelected}
            onChange={setElements}
          />
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <TemplatePreview
          draft={draft}
          setDraft={setDraft}
          template={template}
          sample={sample}
          selected={selected}
          onSelect={setSelected}
        />
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 16 }}
            title={t('invalid')}
            description={
              <ul style={{ margin: 0, paddingLeft: 16 }}>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            }
          />
        )}
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" loading={saving} disabled={!allowed} onClick={save}>
            {t('save')}
          </Button>
          <Button onClick={() => void printTickets(template, [sample])}>{t('printTest')}</Button>
          <Button onClick={() => void navigate(LIST_PATH)}>{t('back')}</Button>
        </Space>
      </Col>
    </Row>
  );
}
