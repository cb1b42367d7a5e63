import { Button, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  otaChannelApi,
  OtaChannelSaveSchema,
  otaLogApi,
  type OtaChannelRow,
} from '../../../shared/api/ota.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { OtaField, OtaPlatformLabel } from '../../../shared/dict/ota.ts';
import { Can } from '../../components/can.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { FormDrawer, listQueryKey, type FormDef } from '../../components/list-page/index.ts';
import { toast } from '../../lib/feedback.ts';
import { post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';

export const OTA_DETAIL_PATH = '/ota/otaDetails';
export const otaDetailPath = (id: number) => `${OTA_DETAIL_PATH}?id=${id}`;

/** What a change of a channel refreshes: the list, the detail's channel, the message log. */
export const CHANNEL_REFRESH = [
  listQueryKey(otaChannelApi.page),
  [otaChannelApi.query],
  listQueryKey(otaLogApi.page),
] as const;

export function usePlatformName() {
  const { lang } = useSettings();
  return (row: Pick<OtaChannelRow, 'platform'>) => dictLabel(OtaPlatformLabel, row.platform, lang);
}

/**
 * The credentials form: app key, secret and callback URL. The secret is write-only: the field is
 * always empty when the form opens, and left empty the stored one is kept (the server answers only
 * `secretSet`).
 */
const credentialsForm = (secretSet: boolean, onSaved: () => void): FormDef<OtaChannelRow> => ({
  updateUrl: otaChannelApi.save,
  updateSchema: OtaChannelSaveSchema,
  fields: [
    { name: 'appKey', label: OtaField.appKey, kind: 'text', required: true, maxLength: 64 },
    {
      name: 'secret',
      label: OtaField.secret,
      kind: 'password',
      required: !secretSet,
      maxLength: 128,
      placeholder: secretSet ? 'ota:secretKeep' : 'ota:secretNew',
      extra: 'ota:secretHint',
    },
    { name: 'callbackUrl', label: OtaField.callbackUrl, kind: 'text', maxLength: 255 },
  ],
  toValues: (row) => ({ appKey: row.appKey, callbackUrl: row.callbackUrl, secret: '' }),
  toBody: (values, row) => ({
    platform: row!.platform,
    appKey: values.appKey ?? '',
    ...(typeof values.secret === 'string' && values.secret.trim() ? { secret: values.secret } : {}),
    callbackUrl: values.callbackUrl ?? '',
    status: row!.status,
  }),
  onSaved,
  container: 'drawer',
  width: 480,
});

/** The channel's buttons: credentials, enable/disable (asked first), sync stock. */
export function ChannelActions({ row }: { row: OtaChannelRow }) {
  const { t } = useTranslation('ota');
  const name = usePlatformName()(row);
  const queryClient = useQueryClient();
  // the drawer's state and form are kept while it is open (FormDrawer fills the form when they change)
  const [editing, setEditing] = useState<{ mode: 'edit'; row: OtaChannelRow } | null>(null);
  const form = useMemo(
    () =>
      credentialsForm(row.secretSet, () => {
        for (const key of CHANNEL_REFRESH) void queryClient.invalidateQueries({ queryKey: key });
      }),
    [row.secretSet, queryClient],
  );
  const saveStatus = (status: 1 | 2) =>
    post<OtaChannelRow>(otaChannelApi.save, {
      platform: row.platform,
      appKey: row.appKey,
      callbackUrl: row.callbackUrl,
      status,
    });
  const sync = useAction(
    () =>
      post<{ result: number; items: unknown[] }>(otaChannelApi.syncStock, {
        id: row.id,
      }),
    {
      refresh: CHANNEL_REFRESH,
      success: (r) => (r.result === 1 ? t('syncStockDone', { count: r.items.length }) : false),
      onSuccess: (r) => {
        if (r.result !== 1) toast.warning(t('syncStockFailed'));
      },
    },
  );
  const enabled = row.status === 1;
  return (
    <Space size={0} wrap>
      <Can perm="admin:ota:edit">
        {(allowed) => (
          <Button
            type="link"
            size="small"
            disabled={!allowed}
            onClick={() => setEditing({ mode: 'edit', row })}
          >
            {t('edit')}
          </Button>
        )}
      </Can>
      <ConfirmAction
        perm="admin:ota:edit"
        disabled={row.id == null || (!enabled && !row.secretSet)}
        title={t(enabled ? 'disableConfirm' : 'enableConfirm', { platform: name })}
        okDanger={enabled}
        action={() => saveStatus(enabled ? 2 : 1)}
        refresh={CHANNEL_REFRESH}
      >
        {t(enabled ? 'disable' : 'enable')}
      </ConfirmAction>
      <Can perm="admin:ota:edit">
        {(allowed) => (
          <Button
            type="link"
            size="small"
            disabled={!allowed || row.id == null || !enabled}
            loading={sync.pending}
            onClick={() => void sync.run()}
          >
            {t('syncStock')}
          </Button>
        )}
      </Can>
      {/* mounted only while open: once saved or closed, the secret typed is gone from the page */}
      {editing && (
        <FormDrawer
          form={form}
          listUrl={otaChannelApi.page}
          rowKey="platform"
          state={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Space>
  );
}
