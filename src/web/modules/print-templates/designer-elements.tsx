import {
  Button,
  Col,
  Collapse,
  Empty,
  Input,
  InputNumber,
  Row,
  Segmented,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_PRINT_ELEMENTS,
  PRINT_FIELDS,
  type PrintElement,
  type PrintField,
} from '../../../shared/api/print-templates.ts';
import { PrintFieldLabel } from '../../../shared/dict/print-templates.ts';
import { useLabel } from '../../components/list-page/index.ts';

export const snap = (mm: number) => Math.round(mm * 2) / 2;
export const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), Math.max(min, max));

/** A new element of a field, placed in the top-left corner, sized to fit the paper. */
export function newElement(field: PrintField, widthMm: number, heightMm: number): PrintElement {
  const width = field === 'qrCode' ? Math.min(30, widthMm - 4) : Math.max(1, widthMm - 4);
  const height = field === 'qrCode' ? width : 6;
  return {
    field,
    x: clamp(2, 0, widthMm - width),
    y: clamp(2, 0, heightMm - height),
    width,
    height,
    fontSize: 10,
    bold: false,
    align: 'left',
    text: '',
  };
}

interface ElementListProps {
  elements: PrintElement[];
  widthMm: number;
  heightMm: number;
  selected: number | null;
  onSelect: (index: number | null) => void;
  onChange: (elements: PrintElement[]) => void;
}

function NumberField({
  label,
  value,
  min,
  max,
  step = 0.5,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  onChange: (value: number) => void;
}) {
  return (
    <div>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <InputNumber
        size="small"
        style={{ width: '100%' }}
        aria-label={label}
        value={value}
        min={min}
        max={max}
        step={step}
        onChange={(next) => {
          if (typeof next === 'number' && Number.isFinite(next)) onChange(next);
        }}
      />
    </div>
  );
}

/** Every property of one element: field, box in mm, and for text its font, weight, alignment, label. */
function ElementFields({
  element: e,
  widthMm,
  heightMm,
  fieldOptions,
  onChange,
}: {
  element: PrintElement;
  widthMm: number;
  heightMm: number;
  fieldOptions: { value: PrintField; label: string }[];
  onChange: (patch: Partial<PrintElement>) => void;
}) {
  const { t } = useTranslation('printTemplates');
  const box = [
    ['x', 0, widthMm],
    ['y', 0, heightMm],
    ['width', 1, widthMm],
    ['height', 1, heightMm],
  ] as const;
  return (
    <Row gutter={[8, 8]}>
      <Col span={24}>
        <Select<PrintField>
          size="small"
          style={{ width: '100%' }}
          aria-label={t('elementField')}
          value={e.field}
          options={fieldOptions}
          onChange={(field) => onChange({ field })}
        />
      </Col>
      {box.map(([key, min, max]) => (
        <Col span={12} key={key}>
          <NumberField
            label={t(key)}
            value={e[key]}
            min={min}
            max={max}
            onChange={(v) => onChange({ [key]: v })}
          />
        </Col>
      ))}
      {e.field !== 'qrCode' && (
        <>
          <Col span={12}>
            <NumberField
              label={t('fontSize')}
              value={e.fontSize}
              min={5}
              max={72}
              step={1}
              onChange={(fontSize) => onChange({ fontSize })}
            />
          </Col>
          <Col span={12}>
            <Typography.Text type="secondary">{t('bold')}</Typography.Text>
            <div>
              <Switch
                size="small"
                checked={e.bold}
                aria-label={t('bold')}
                onChange={(bold) => onChange({ bold })}
              />
            </div>
          </Col>
          <Col span={24}>
            <Typography.Text type="secondary">{t('align')}</Typography.Text>
            <div>
              <Segmented<PrintElement['align']>
                size="small"
                value={e.align}
                onChange={(align) => onChange({ align })}
                options={[
                  { value: 'left', label: t('alignLeft') },
                  { value: 'center', label: t('alignCenter') },
                  { value: 'right', label: t('alignRight') },
                ]}
              />
            </div>
          </Col>
          <Col span={24}>
            <Typography.Text type="secondary">
              {e.field === 'text' ? t('fixedText') : t('label')}
            </Typography.Text>
            <Input
              size="small"
              aria-label={e.field === 'text' ? t('fixedText') : t('label')}
              maxLength={100}
              value={e.text}
              onChange={(event) => onChange({ text: event.target.value })}
            />
          </Col>
        </>
      )}
    </Row>
  );
}

/** The template's elements: add by field, remove, and every property of one element. */
export function ElementList({ elements, widthMm, heightMm, selected, onSelect, onChange }: ElementListProps) {
  const { t } = useTranslation('printTemplates');
  const label = useLabel();
  const [field, setField] = useState<PrintField>('productName');
  const fieldOptions = PRINT_FIELDS.map((f) => ({ value: f, label: label(PrintFieldLabel[f]) }));
  const update = (index: number, patch: Partial<PrintElement>) =>
    onChange(elements.map((e, i) => (i === index ? { ...e, ...patch } : e)));
  const full = elements.length >= MAX_PRINT_ELEMENTS;

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Select<PrintField>
          style={{ flex: 1 }}
          aria-label={t('elementField')}
          value={field}
          onChange={setField}
          options={fieldOptions}
        />
        <Button
          type="primary"
          disabled={full}
          onClick={() => {
            onChange([...elements, newElement(field, widthMm, heightMm)]);
            onSelect(elements.length);
          }}
        >
          {t('addElement')}
        </Button>
      </Space.Compact>
      {full && (
        <Typography.Text type="secondary">{t('maxElements', { max: MAX_PRINT_ELEMENTS })}</Typography.Text>
      )}
      {elements.length === 0 ? (
        <Empty description={t('noElements')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Collapse
          size="small"
          // the header text toggles, so the delete button beside it is not nested in a control; one
          // element open at a time, without antd's accordion (a tab list whose tabs sit too deep)
          collapsible="header"
          activeKey={selected === null ? [] : [String(selected)]}
          onChange={(keys) => {
            const key = (Array.isArray(keys) ? keys : [keys]).find((k) => k !== String(selected));
            onSelect(key === undefined ? null : Number(key));
          }}
          items={elements.map((e, index) => ({
            key: String(index),
            label: `${index + 1}. ${label(PrintFieldLabel[e.field])}${e.text ? ` · ${e.text}` : ''}`,
            extra: (
              <Button
                size="small"
                type="link"
                danger
                onClick={(event) => {
                  event.stopPropagation();
                  onChange(elements.filter((_, i) => i !== index));
                  onSelect(null);
                }}
              >
                {t('remove')}
              </Button>
            ),
            children: (
              <ElementFields
                element={e}
                widthMm={widthMm}
                heightMm={heightMm}
                fieldOptions={fieldOptions}
                onChange={(patch) => update(index, patch)}
              />
            ),
          }))}
        />
      )}
    </Space>
  );
}
