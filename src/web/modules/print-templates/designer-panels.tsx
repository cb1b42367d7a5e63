import { Button, Card, Col, Form, Input, InputNumber, Row, Slider, Space, Typography } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  paperWidthMm,
  PRINT_HEIGHT_RANGE,
  type PrintElement,
  type PrintTemplateRow,
  type TicketPrintData,
} from '../../../shared/api/print-templates.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { PrintTemplateField } from '../../../shared/dict/print-templates.ts';
import { PrinterPaper } from '../../../shared/dict/printer.ts';
import { DictSelect } from '../../components/dict-select.tsx';
import { useLabel } from '../../components/list-page/index.ts';
import { TicketPrint } from '../../components/ticket-print/index.ts';
import { clamp } from './designer-elements.tsx';
import { PX_PER_MM, useElementDrag } from './use-element-drag.ts';

const ZOOM_RANGE = { min: 0.25, max: 4 } as const;

export interface Draft {
  name: string;
  paper: number;
  heightMm: number;
  status: number;
  remark: string;
  elements: PrintElement[];
}

export const NEW_DRAFT: Draft = { name: '', paper: 2, heightMm: 120, status: 1, remark: '', elements: [] };

export const draftOf = (row: PrintTemplateRow): Draft => ({
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

export interface DraftProps {
  draft: Draft;
  setDraft: (update: (current: Draft) => Draft) => void;
}

/** Name, paper (its width is fixed), status, height and remark of the template. */
export function TemplateBasics({ draft, setDraft, disabled }: DraftProps & { disabled: boolean }) {
  const { t } = useTranslation('printTemplates');
  const label = useLabel();
  const widthMm = paperWidthMm(draft.paper);
  const patch = (next: Partial<Draft>) => setDraft((d) => ({ ...d, ...next }));
  return (
    <Card title={t('basics')} size="small" style={{ marginBottom: 16 }}>
      <Form layout="vertical" disabled={disabled}>
        {/* no `name`: the form only lays out; htmlFor and id tie each label to its control */}
        <Form.Item label={label(PrintTemplateField.name)} htmlFor="template_name" required>
          <Input
            id="template_name"
            value={draft.name}
            maxLength={50}
            onChange={(e) => patch({ name: e.target.value })}
          />
        </Form.Item>
        <Row gutter={8}>
          <Col span={12}>
            <Form.Item label={label(PrintTemplateField.paper)} htmlFor="template_paper" required>
              <DictSelect
                id="template_paper"
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
            <Form.Item label={label(PrintTemplateField.status)} htmlFor="template_status">
              <DictSelect
                id="template_status"
                dict={EnableStatus}
                allowClear={false}
                value={draft.status}
                onChange={(status) => patch({ status: Number(status) })}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label={label(PrintTemplateField.widthMm)}
              htmlFor="template_width"
              extra={t('widthFixed')}
            >
              <InputNumber id="template_width" value={widthMm} disabled style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label={label(PrintTemplateField.heightMm)}
              htmlFor="template_height"
              extra={t('heightHint')}
              required
            >
              <InputNumber
                id="template_height"
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
        <Form.Item label={label(PrintTemplateField.remark)} htmlFor="template_remark">
          <Input.TextArea
            id="template_remark"
            rows={2}
            maxLength={200}
            value={draft.remark}
            onChange={(e) => patch({ remark: e.target.value })}
          />
        </Form.Item>
      </Form>
    </Card>
  );
}

/** The ticket at a zoom (fitting the area unless chosen), with a sample; elements are dragged on it. */
export function TemplatePreview({
  draft,
  setDraft,
  template,
  sample,
  selected,
  onSelect,
}: DraftProps & {
  template: { widthMm: number; heightMm: number; elements: PrintElement[] };
  sample: TicketPrintData;
  selected: number | null;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation('printTemplates');
  const widthMm = template.widthMm;
  const [zoom, setZoom] = useState<number | null>(null);
  const { ref: previewRef, fit } = useFitZoom(widthMm, draft.heightMm);
  const scale = zoom ?? fit;
  const onElementPointerDown = useElementDrag(draft, setDraft, onSelect, scale);
  return (
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
            ariaLabelForHandle={t('zoom')}
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
      <div ref={previewRef} style={{ background: '#f0f2f5', padding: 16, overflow: 'auto', minHeight: 240 }}>
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
  );
}
