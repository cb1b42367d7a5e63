import { Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { faceDeviceApi, type FaceDeviceRow } from '../../../shared/api/face-devices.ts';
import { FaceDirection, FaceText } from '../../../shared/dict/face-devices.ts';
import { TerminalOnline } from '../../../shared/dict/terminal.ts';
import { Can } from '../../components/can.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';

/** docs/product.md §2 /terminal/faceMange: the area's face devices (docs/decisions.md "Face devices"). */
export default function FaceDeviceListPage() {
  const { t } = useTranslation('faceDevices');
  const navigate = useNavigate();
  const definition = useMemo(
    () =>
      defineListPage<FaceDeviceRow>({
        id: 'terminal.faceMange',
        url: faceDeviceApi.page,
        exportUrl: faceDeviceApi.export,
        rowKey: 'id',
        perms: { export: 'admin:face:page' },
        search: [
          { kind: 'text', name: 'keyword', label: 'faceDevices:keyword', maxLength: 64 },
          { kind: 'dict', name: 'online', label: FaceText.online, dict: TerminalOnline },
          { kind: 'dict', name: 'direction', label: FaceText.direction, dict: FaceDirection },
        ],
        columns: [
          { key: 'name', title: FaceText.name, sortable: true },
          { key: 'serialNo', title: FaceText.serialNo, sortable: true },
          { key: 'online', title: FaceText.online, kind: 'dict', dict: TerminalOnline },
          { key: 'gateName', title: FaceText.gate, render: (v) => (v as string | null) ?? t('noGate') },
          { key: 'direction', title: FaceText.direction, kind: 'dict', dict: FaceDirection },
          { key: 'matchThreshold', title: FaceText.matchThreshold },
          { key: 'todayPassages', title: FaceText.todayPassages },
          { key: 'todayAlarms', title: FaceText.todayAlarms },
          { key: 'lastSeenTime', title: FaceText.lastSeen, kind: 'dateTime', sortable: true },
        ],
        rowActions: (row) => (
          <Can perm="admin:face:page">
            <Button
              type="link"
              size="small"
              onClick={() => void navigate(`/terminal/faceConfig?id=${row.id}`)}
            >
              {t('configure')}
            </Button>
          </Can>
        ),
      }),
    [t, navigate],
  );
  return <ListPage definition={definition} />;
}
