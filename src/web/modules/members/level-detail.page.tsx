import { Card, Col, Empty, Form, Input, InputNumber, Row, Space, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  memberLevelApi,
  MemberLevelCreateSchema,
  MemberLevelUpdateSchema,
  type MemberLevelRow,
  userApi,
} from '../../../shared/api/members.ts';
import { storageApi } from '../../../shared/api/storage.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { LEVEL_BASIS, LevelBasis, MemberField } from '../../../shared/dict/members.ts';
import { DictSelect } from '../../components/dict-select.tsx';
import { EditorPage, useEditor, type EditorDefinition } from '../../components/editor-page.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { listQueryKey, useLabel } from '../../components/list-page/index.ts';
import { MoneyInput } from '../../components/money-input.tsx';
import { DiscountText, ThresholdText } from './level-parts.tsx';
import { LEVEL_DETAIL_PATH, LEVEL_LIST_PATH } from './paths.ts';

type Values = {
  name?: string;
  basis?: number;
  threshold?: number | null;
  discount?: number | null;
  benefits?: string;
  badge?: string;
  status?: number;
};
const FIELDS = ['name', 'basis', 'threshold', 'discount', 'benefits', 'badge', 'status'] as const;
const INITIAL: Values = {
  name: '',
  basis: LEVEL_BASIS.spend,
  discount: 100,
  benefits: '',
  badge: '',
  status: 1,
};

const levelQueryKey = (id: number) => [memberLevelApi.query, id] as const;

const editor: EditorDefinition<Values, MemberLevelRow> = {
  fields: FIELDS,
  initial: INITIAL,
  queryKey: levelQueryKey,
  queryUrl: memberLevelApi.query,
  toValues: (data) => ({
    name: data.name,
    basis: data.basis,
    threshold: data.threshold,
    discount: data.discount,
    benefits: data.benefits,
    badge: data.badge,
    status: data.status,
  }),
  createUrl: memberLevelApi.create,
  updateUrl: memberLevelApi.update,
  createSchema: MemberLevelCreateSchema,
  updateSchema: MemberLevelUpdateSchema,
  refresh: [listQueryKey(memberLevelApi.page), [userApi.levels]],
  listPath: LEVEL_LIST_PATH,
  editorPath: LEVEL_DETAIL_PATH,
};

/** The threshold in yuan for total spend (held as cents), or in points. */
function ThresholdInput({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
}) {
  const form = Form.useFormInstance<Values>();
  const basis = Form.useWatch('basis', form);
  if (basis === LEVEL_BASIS.points)
    return (
      <InputNumber<number>
        id={id}
        min={0}
        precision={0}
        style={{ width: '100%' }}
        value={value ?? null}
        onChange={(v) => onChange?.(v)}
      />
    );
  return <MoneyInput id={id} value={value ?? null} onChange={(v) => onChange?.(v)} />;
}

function BadgeField({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  return <ImageUpload action={storageApi.uploadUnMove} value={value} onChange={(url) => onChange?.(url)} />;
}

/** The level as members see it: badge, name, threshold, discount and benefits. */
function LevelCard({ form, members }: { form: FormInstance<Values>; members: number | null }) {
  const { t } = useTranslation('members');
  const values = Form.useWatch([], form) as Values | undefined;
  return (
    <Card title={t('levelPreview')} style={{ position: 'sticky', top: 0 }}>
      {values?.name ? (
        <Space direction="vertical" size="small" style={{ width: '100%' }}>
          <Space>
            {values.badge ? <img src={values.badge} alt="" width={48} height={48} /> : null}
            <Typography.Title level={4} style={{ margin: 0 }}>
              {values.name}
            </Typography.Title>
          </Space>
          <Typography.Text>
            <ThresholdText level={{ basis: values.basis ?? 1, threshold: values.threshold ?? 0 }} />
          </Typography.Text>
          <Typography.Text strong>
            <DiscountText discount={values.discount ?? 100} />
          </Typography.Text>
          {values.benefits ? <Typography.Paragraph>{values.benefits}</Typography.Paragraph> : null}
          {members !== null && (
            <Typography.Text type="secondary">{t('levelMembers', { count: members })}</Typography.Text>
          )}
        </Space>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyPreview')} />
      )}
    </Card>
  );
}

/** docs/product.md §2 /user/memberRankDetail (hidden): create (no id) or edit (?id=) a member level. */
export default function LevelDetailPage() {
  const { t } = useTranslation('members');
  const label = useLabel();
  const { id, data, form, formProps, frame } = useEditor(editor, t('levelNotFound'));

  return (
    <EditorPage
      {...frame}
      title={id == null ? t('newLevel') : t('editLevel', { name: data?.name ?? '' })}
      backLabel={t('backToLevels')}
      savePerm="admin:memberRank:edit"
      aside={<LevelCard form={form} members={id != null && data ? data.members : null} />}
    >
      <Form {...formProps} name="memberLevel">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={label(MemberField.levelName)} required>
              <Input maxLength={30} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="status" label={label(MemberField.status)} required>
              <DictSelect dict={EnableStatus} allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="basis" label={label(MemberField.basis)} required>
              <DictSelect dict={LevelBasis} allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="threshold"
              label={label(MemberField.threshold)}
              extra={t('thresholdHint')}
              required
            >
              <ThresholdInput />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="discount" label={label(MemberField.discount)} extra={t('discountHint')} required>
              <InputNumber<number> min={1} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="benefits" label={label(MemberField.benefits)}>
          <Input.TextArea maxLength={1000} showCount rows={4} />
        </Form.Item>
        <Form.Item name="badge" label={label(MemberField.badge)}>
          <BadgeField />
        </Form.Item>
      </Form>
    </EditorPage>
  );
}
