import { DeleteOutlined, EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, InputNumber, Row, Space, Typography, type FormInstance } from 'antd';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  scenicApi,
  ScenicProfileUpdateSchema,
  scenicProfileApi,
  SCENIC_LIMITS,
  type OpeningSeason,
  type ScenicProfile,
} from '../../../shared/api/scenic.ts';
import { storageApi } from '../../../shared/api/storage.ts';
import { ADM_TYPE, EnableStatus } from '../../../shared/dict/account.ts';
import { ScenicField, ScenicLevel } from '../../../shared/dict/scenic.ts';
import { EditorPage } from '../../components/editor-page.tsx';
import { DictSelect } from '../../components/dict-select.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { issueMessage, listQueryKey, useLabel, clearErrorsOnEdit } from '../../components/list-page/index.ts';
import { LazyRichTextEditor } from '../../components/rich-text/index.ts';
import { closeTab } from '../../lib/tabs-store.ts';
import { errorField, get, post } from '../../lib/request.ts';
import { useUser } from '../../lib/session.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { useEffectOnChange } from '../../lib/use-effect-on-change.ts';
import { SCENIC_DETAIL_PATH, SCENIC_LIST_PATH, scenicProfileQueryKey } from './paths.ts';

type Values = Omit<ScenicProfile, 'id' | 'code' | 'updateTime'>;
const FIELDS = [
  'name',
  'level',
  'status',
  'contact',
  'phone',
  'address',
  'latitude',
  'longitude',
  'openingSeasons',
  'cover',
  'gallery',
  'intro',
  'traffic',
] as const satisfies readonly (keyof Values)[];

const valuesOf = (p: ScenicProfile): Values => {
  const values = {} as Record<string, unknown>;
  for (const f of FIELDS) values[f] = p[f];
  return values as Values;
};

/** A field path of a complaint ("openingSeasons.1.from") as antd's name path. */
const namePath = (path: readonly PropertyKey[]) => path.map((p) => (typeof p === 'number' ? p : String(p)));

/** Marks each complaint on its field (a season's own field too). */
function markIssues(form: FormInstance<Values>, issues: readonly z.core.$ZodIssue[], lang: 'zh' | 'en') {
  const seen = new Set<string>();
  const fields: { name: (string | number)[]; errors: string[] }[] = [];
  for (const issue of issues) {
    const name =
      issue.code === 'unrecognized_keys' ? [issue.keys[0] ?? ''] : namePath(issue.path as PropertyKey[]);
    const key = name.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    fields.push({ name, errors: [issueMessage(issue, lang)] });
  }
  form.setFields(fields as never);
  form.scrollToField(fields[0]?.name as never);
}

/** The gallery: thumbnails with a remove button each, and an upload adding one more. */
function GalleryField({ value = [], onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation('scenic');
  return (
    <Space wrap align="start">
      {value.map((url, i) => (
        <div key={`${url}-${i}`} style={{ position: 'relative' }}>
          <img
            src={url}
            alt={`${t('media')} ${i + 1}`}
            width={102}
            height={102}
            style={{ objectFit: 'cover' }}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('removeImage', { n: i + 1 })}
            style={{ position: 'absolute', top: 4, right: 4 }}
            onClick={() => onChange?.(value.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      {value.length < SCENIC_LIMITS.gallery && (
        <ImageUpload action={storageApi.uploadUnMove} onChange={(url) => onChange?.([...value, url])} />
      )}
    </Space>
  );
}

/** The seasons' opening hours: one line each (name, from, to, opens, closes). */
function SeasonsField() {
  const { t } = useTranslation('scenic');
  const label = useLabel();
  const cols = [
    { name: 'name', label: label(ScenicField.seasonName), span: 6, placeholder: undefined },
    { name: 'from', label: label(ScenicField.seasonFrom), span: 4, placeholder: 'MM-DD' },
    { name: 'to', label: label(ScenicField.seasonTo), span: 4, placeholder: 'MM-DD' },
    { name: 'openTime', label: label(ScenicField.openTime), span: 4, placeholder: 'HH:mm' },
    { name: 'closeTime', label: label(ScenicField.closeTime), span: 4, placeholder: 'HH:mm' },
  ] as const;
  return (
    <Form.List name="openingSeasons">
      {(items, { add, remove }) => (
        <>
          {!items.length && <Typography.Paragraph type="secondary">{t('noSeasons')}</Typography.Paragraph>}
          {items.map((item, i) => (
            <Row key={item.key} gutter={8} align="top" data-testid="season-row">
              {cols.map((c) => (
                <Col key={c.name} xs={12} md={c.span}>
                  <Form.Item name={[item.name, c.name]} label={i === 0 ? c.label : undefined}>
                    <Input
                      aria-label={`${c.label} ${i + 1}`}
                      placeholder={c.placeholder}
                      maxLength={c.name === 'name' ? 20 : 5}
                    />
                  </Form.Item>
                </Col>
              ))}
              <Col xs={24} md={2}>
                <Form.Item label={i === 0 ? ' ' : undefined} colon={false}>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('removeSeason', { n: i + 1 })}
                    onClick={() => remove(item.name)}
                  />
                </Form.Item>
              </Col>
            </Row>
          ))}
          {items.length < SCENIC_LIMITS.seasons && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() =>
                add({
                  name: '',
                  from: '',
                  to: '',
                  openTime: '08:00',
                  closeTime: '17:00',
                } satisfies OpeningSeason)
              }
            >
              {t('addSeason')}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}

/** A link opening the position in a map site (no map widget: docs/decisions.md "Scenic area profile"). */
function MapLink({ form }: { form: FormInstance<Values> }) {
  const { t } = useTranslation('scenic');
  const lat = Form.useWatch('latitude', form);
  const lng = Form.useWatch('longitude', form);
  const name = Form.useWatch('name', form);
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  const href = `https://uri.amap.com/marker?position=${lng},${lat}&name=${encodeURIComponent(name ?? '')}&coordinate=wgs84`;
  return (
    <Typography.Link href={href} target="_blank" rel="noopener noreferrer">
      <EnvironmentOutlined /> {t('openMap')}
    </Typography.Link>
  );
}

function useProfileSave(form: FormInstance<Values>, id: number) {
  const { lang } = useSettings();
  const { t } = useTranslation('scenic');
  const queryClient = useQueryClient();
  const send = useAction((body: unknown) => post<ScenicProfile>(scenicProfileApi.update, body), {
    success: t('saved'),
    refresh: [listQueryKey(scenicApi.page)],
    onSuccess: (saved) => queryClient.setQueryData(scenicProfileQueryKey(id), saved),
    // a 400 or 409 naming a field marks it too
    onError: (error) => {
      const field = errorField(error);
      if (field && (FIELDS as readonly string[]).includes(field.split('.')[0]!))
        form.setFields([
          {
            name: field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) as never,
            errors: [(error as Error).message],
          },
        ]);
    },
  });
  const save = (canSetStatus: boolean, saved: ScenicProfile) => {
    const values = form.getFieldsValue(true) as Values;
    const body: Record<string, unknown> = { id };
    for (const f of FIELDS) if (f !== 'status' || canSetStatus) body[f] = values[f];
    // an area without an introduction yet may save its other fields
    if (!values.intro && !saved.intro) delete body.intro;
    // an emptied number is null (no position), never undefined
    body.latitude = values.latitude ?? null;
    body.longitude = values.longitude ?? null;
    const checked = ScenicProfileUpdateSchema.safeParse(body, { reportInput: true });
    if (!checked.success) markIssues(form, checked.error.issues, lang);
    else void send.run(checked.data);
  };
  return { save, saving: send.pending };
}

/** docs/product.md §2 /scenic/sceManageDetail (hidden): an area's profile, opened from the list. */
export default function ScenicDetailPage() {
  const { t } = useTranslation(['scenic', 'common']);
  const label = useLabel();
  const navigate = useNavigate();
  const user = useUser();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || (user?.scenicId ?? 0);
  const isPlatform = user?.admType === ADM_TYPE.platform;
  const [form] = Form.useForm<Values>();

  const { data, isLoading, error, refetch } = useQuery({
    queryKey: scenicProfileQueryKey(id),
    queryFn: () => get<ScenicProfile>(scenicProfileApi.query, { id }),
    enabled: id > 0,
    // the form holds the user's edits: never replace them behind their back
    refetchOnWindowFocus: false,
  });

  // The tab is kept alive: another ?id= loads that area; a shown-again tab keeps what was typed.
  useEffectOnChange(() => {
    form.resetFields();
    if (data && data.id === id) form.setFieldsValue(valuesOf(data));
  }, [form, id, data]);

  const backToList = () => {
    void navigate(SCENIC_LIST_PATH);
    closeTab(SCENIC_DETAIL_PATH, SCENIC_LIST_PATH);
  };
  const { save, saving } = useProfileSave(form, id);

  return (
    <EditorPage
      title={data ? `${t('profileTitle')}: ${data.name} (${data.code})` : ''}
      loading={isLoading}
      failed={!isLoading && (error || !data) ? error?.message || t('loadFailed') : null}
      onRetry={() => void refetch()}
      onBack={backToList}
      backLabel={t('back')}
      saving={saving}
      onSave={() => data && save(isPlatform, data)}
      savePerm="admin:scenic:profile"
    >
      <Form
        form={form}
        name="scenicProfile"
        layout="vertical"
        disabled={saving}
        // a complaint stays until its field is edited
        onValuesChange={clearErrorsOnEdit(form)}
      >
        <Typography.Title level={5}>{t('basics')}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={label(ScenicField.name)} required>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="level" label={label(ScenicField.level)}>
              <DictSelect dict={ScenicLevel} allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="status"
              label={label(ScenicField.status)}
              extra={isPlatform ? undefined : t('statusPlatformOnly')}
            >
              <DictSelect dict={EnableStatus} allowClear={false} disabled={!isPlatform} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contact" label={label(ScenicField.contact)}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={label(ScenicField.phone)}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>{t('position')}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24}>
            <Form.Item name="address" label={label(ScenicField.address)}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="latitude" label={label(ScenicField.latitude)} extra={t('latitudeHint')}>
              <InputNumber min={-90} max={90} step={0.000001} precision={6} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="longitude" label={label(ScenicField.longitude)} extra={t('longitudeHint')}>
              <InputNumber min={-180} max={180} step={0.000001} precision={6} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} style={{ paddingTop: 36 }}>
            <MapLink form={form} />
          </Col>
        </Row>

        <Typography.Title level={5}>{t('seasons')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('seasonsHint')}</Typography.Paragraph>
        <SeasonsField />

        <Typography.Title level={5} style={{ marginTop: 24 }}>
          {t('media')}
        </Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item name="cover" label={label(ScenicField.cover)}>
              <ImageUpload action={storageApi.uploadUnMove} />
            </Form.Item>
          </Col>
          <Col xs={24} md={18}>
            <Form.Item name="gallery" label={label(ScenicField.gallery)} extra={t('galleryHint')}>
              <GalleryField />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>{t('introduction')}</Typography.Title>
        <Form.Item name="intro" label={label(ScenicField.intro)} required>
          <LazyRichTextEditor minHeight={240} maxHeight={560} />
        </Form.Item>
        <Form.Item name="traffic" label={label(ScenicField.traffic)}>
          <Input.TextArea rows={4} maxLength={SCENIC_LIMITS.traffic} showCount />
        </Form.Item>
      </Form>
    </EditorPage>
  );
}
