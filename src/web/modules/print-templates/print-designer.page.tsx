import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Slider,
  Space,
  Spin,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  paperWidthMm,
  PRINT_HEIGHT_RANGE,
  PrintTemplateCreateSchema,
  PrintTemplateUpdateSchema,
  type PrintElement,
  type PrintTemplateRow,
  type TicketPrintData,
} from '../../../shared/api/print-templates.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { PrintTemplateField } from '../../../shared/dict/print-templates.ts';
import { PrinterPaper } from '../../../shared/dict/ticket.ts';
import { usePermission } from '../../components/can.tsx';
import { DictSelect } from '../../components/dict-select.tsx';
import { issueMessage, listQueryKey, useLabel } from '../../components/list-page/index.ts';
import { printTickets, TicketPrint } from '../../components/ticket-print/index.ts';
import { get, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { clamp, ElementList, snap } from './designer-elements.tsx';
import { BASE } from './print-template-list.page.tsx';

const LIST_PATH = '/ticket/printerModule';
const DESIGNER_PATH = '/ticket/printer';
/** CSS pixels per millimetre (96 px per inch). */
const PX_PER_MM = 96 / 25.4;
const ZOOM_RANGE = { min: 0.25, max: 4 } as const;

interface Draft {
  name: string;
  paper: number;
  heightMm: number;
  status: number;
  remark: string;
  elements: PrintElement[];
}

const NEW_DRAFT: Draft = { name: '', paper: 2, heightMm: 120, status: 1, remark: '', elements: [] };

const draftOf = (row: PrintTemplateRow): Draft => ({
  name: row.name,
  paper: row.paper,
  heightMm: row.heightMm,
  status: row.status,
  remark: row.remark,
  elements: row.elements,
});

/** Elements moved (and shrunk if need be) onto a narrower paper. */
function fitElements(elements: PrintElement[], widthMm: number): PrintElement[] {
  return elements.map((e) => {
    const width = Math.min(e.width, widthMm);
    return {
      ...e,
      width,
      height: e.field === 'qrCode' ? Math.min(e.height, width) : e.height,
      x: clamp(e.x, 0, widthMm - width),
    };
  });
}

/** The zoom at which the whole ticket fits the preview area. */
function useFitZoom(widthMm: number, heightMm: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState(1);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth - 32;
      const height = Math.max(240, window.innerHeight - 320);
      const zoom = Math.min(width / (widthMm * PX_PER_MM), height / (heightMm * PX_PER_MM), 2);
      setFit(clamp(Math.floor(zoom * 20) / 20, ZOOM_RANGE.min, ZOOM_RANGE.max));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [widthMm, heightMm]);
  return { ref, fit };
}

/** Spec §2 /ticket/printer (hidden): the print-template designer; `?id=` edits, none creates. */
export default function PrintDesignerPage() {
  const { t } = useTranslation(['printTemplates', 'common']);
  const label = useLabel();
  const { lang } = useSettings();
  const { message } = App.useApp();
  const can = usePermission();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;

  const loaded = useQuery({
    queryKey: ['printTemplates', 'one', id],
    queryFn: () => get<PrintTemplateRow>(`${BASE}/query`, { id }),
    enabled: id !== null,
  });

  const [draft, setDraft] = useState<Draft>(NEW_DRAFT);
  const [selected, setSelected] = useState<number | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [zoom, setZoom] = useState<number | null>(null);

  useEffect(() => {
    if (id === null) setDraft(NEW_DRAFT);
    else if (loaded.data) setDraft(draftOf(loaded.data));
    setSelected(null);
    setProblems([]);
  }, [id, loaded.data]);

  const widthMm = paperWidthMm(draft.paper);
  const template = useMemo(
    () => ({ widthMm, heightMm: draft.heightMm, elements: draft.elements }),
    [widthMm, draft.heightMm, draft.elements],
  );
  const { ref: previewRef, fit } = useFitZoom(widthMm, draft.heightMm);
  const scale = zoom ?? fit;

  const sample: TicketPrintData = useMemo(
    () => ({
      productName: t('sampleProduct'),
      visitDate: dayjs().format('YYYY-MM-DD'),
      price: 12_000,
      qrCode: 'TEST-TICKET-20250101-0001',
      visitor: t('sampleVisitor'),
      orderNo: 'T202501010001',
    }),
    [t],
  );

  const patch = (next: Partial<Draft>) => setDraft((d) => ({ ...d, ...next }));
  const setElements = (elements: PrintElement[]) => patch({ elements });

  // dragging: pointer offsets in screen pixels → mm at the current zoom, snapped to 0.5 mm
  const drag = useRef<{ index: number; startX: number; startY: number; x0: number; y0: number } | null>(null);
  const onElementPointerDown = useCallback(
    (index: number, event: ReactPointerEvent<HTMLDivElement>) => {
      event.preventDefault();
      const element = draft.elements[index];
      if (!element) return;
      setSelected(index);
      drag.current = { index, startX: event.clientX, startY: event.clientY, x0: element.x, y0: element.y };
    },
    [draft.elements],
  );
  useEffect(() => {
    const move = (event: PointerEvent) => {
      const d = drag.current;
      if (!d) return;
      const dx = (event.clientX - d.startX) / (PX_PER_MM * scale);
      const dy = (event.clientY - d.startY) / (PX_PER_MM * scale);
      setDraft((current) => {
        const element = current.elements[d.index];
        if (!element) return current;
        const width = paperWidthMm(current.paper);
        const x = clamp(snap(d.x0 + dx), 0, Math.floor((width - element.width) * 2) / 2);
        const y = clamp(snap(d.y0 + dy), 0, Math.floor((current.heightMm - element.height) * 2) / 2);
        if (x === element.x && y === element.y) return current;
        return { ...current, elements: current.elements.map((e, i) => (i === d.index ? { ...e, x, y } : e)) };
      });
    };
    const stop = () => {
      drag.current = null;
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
    };
  }, [scale]);

  const save = async () => {
    const body = id === null ? { ...draft } : { id, ...draft };
    const schema = id === null ? PrintTemplateCreateSchema : PrintTemplateUpdateSchema;
    const checked = schema.safeParse(body, { reportInput: true });
    if (!checked.success) {
      setProblems(
        checked.error.issues.map((issue) => `${issue.path.join('.') || '-'}: ${issueMessage(issue, lang)}`),
      );
      return;
    }
    setProblems([]);
    setSaving(true);
    try {
      const saved = await post<PrintTemplateRow>(
        `${BASE}/${id === null ? 'create' : 'update'}`,
        checked.data,
      );
      void message.success(t('saved'));
      void queryClient.invalidateQueries({ queryKey: listQueryKey(`${BASE}/page`) });
      void queryClient.invalidateQueries({ queryKey: ['printTemplates', 'one', saved.id] });
      if (id === null) void navigate(`${DESIGNER_PATH}?id=${saved.id}`, { replace: true });
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  if (id !== null && loaded.isError) return <Result status="404" subTitle={t('notFound')} />;
  if (id !== null && !loaded.data) return <Spin style={{ display: 'block', margin: 48 }} />;

  const allowed = can(id === null ? 'admin:printer:create' : 'admin:printer:update');

  return (
    <Row gutter={16}>
      <Col xs={24} lg={10}>
        <Card title={t('basics')} size="small" style={{ marginBottom: 16 }}>
          <Form layout="vertical" disabled={saving}>
            <Form.Item label={label(PrintTemplateField.name)} required>
              <Input value={draft.name} maxLength={50} onChange={(e) => patch({ name: e.target.value })} />
            </Form.Item>
            <Row gutter={8}>
              <Col span={12}>
                <Form.Item label={label(PrintTemplateField.paper)} required>
                  <DictSelect
                    dict={PrinterPaper}
                    allowClear={false}
                    value={draft.paper}
                    onChange={(paper) => {
                      const next = Number(paper);
                      setDraft((d) => ({
                        ...d,
                        paper: next,
                        elements: fitElements(d.elements, paperWidthMm(next)),
                      }));
                    }}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label={label(PrintTemplateField.status)}>
                  <DictSelect
                    dict={EnableStatus}
                    allowClear={false}
                    value={draft.status}
                    onChange={(status) => patch({ status: Number(status) })}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label={label(PrintTemplateField.widthMm)} extra={t('widthFixed')}>
                  <InputNumber value={widthMm} disabled style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label={label(PrintTemplateField.heightMm)} extra={t('heightHint')} required>
                  <InputNumber
                    value={draft.heightMm}
                    min={PRINT_HEIGHT_RANGE.min}
                    max={PRINT_HEIGHT_RANGE.max}
                    precision={0}
                    style={{ width: '100%' }}
                    onChange={(h) => {
                      if (typeof h === 'number') patch({ heightMm: h });
                    }}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label={label(PrintTemplateField.remark)}>
              <Input.TextArea
                rows={2}
                maxLength={200}
                value={draft.remark}
                onChange={(e) => patch({ remark: e.target.value })}
              />
            </Form.Item>
          </Form>
        </Card>
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
        <Card
          title={t('preview')}
          size="small"
          extra={
            <Space>
              <Typography.Text type="secondary">{t('zoom')}</Typography.Text>
              <Slider
                style={{ width: 140 }}
                min={ZOOM_RANGE.min}
                max={ZOOM_RANGE.max}
                step={0.05}
                value={scale}
                tooltip={{ formatter: (v) => `${Math.round((v ?? 1) * 100)}%` }}
                onChange={(v) => setZoom(v)}
              />
              <Typography.Text style={{ width: 44, display: 'inline-block' }}>
                {Math.round(scale * 100)}%
              </Typography.Text>
              <Button size="small" onClick={() => setZoom(null)} disabled={zoom === null}>
                {t('fit')}
              </Button>
            </Space>
          }
        >
          <div
            ref={previewRef}
            style={{ background: '#f0f2f5', padding: 16, overflow: 'auto', minHeight: 240 }}
          >
            <div
              style={{
                width: widthMm * PX_PER_MM * scale,
                height: draft.heightMm * PX_PER_MM * scale,
                margin: '0 auto',
                boxShadow: '0 1px 6px rgba(0, 0, 0, 0.2)',
              }}
            >
              <div style={{ transform: `scale(${scale})`, transformOrigin: 'top left' }}>
                <TicketPrint
                  template={template}
                  data={sample}
                  selected={selected}
                  onElementPointerDown={onElementPointerDown}
                />
              </div>
            </div>
          </div>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('dragHint')}
          </Typography.Paragraph>
        </Card>
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
          <Button type="primary" loading={saving} disabled={!allowed} onClick={() => void save()}>
            {t('save')}
          </Button>
          <Button onClick={() => void printTickets(template, [sample])}>{t('printTest')}</Button>
          <Button onClick={() => void navigate(LIST_PATH)}>{t('back')}</Button>
        </Space>
      </Col>
    </Row>
  );
}
