import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { scenicApi } from '../../shared/api/endpoints.ts';
import type { ScenicRow } from '../../shared/api/scenic.ts';
import { ADM_TYPE } from '../../shared/dict/account.ts';
import { hasPermission } from '../../shared/perms/define.ts';
import { reloadTo } from '../lib/navigation.ts';
import { post } from '../lib/request.ts';
import { chooseScenicArea, useUser } from '../lib/session.ts';

/**
 * A platform account may act in any scenic area (docs/accounts.md): the choice is sent with every
 * call as X-Scenic-Id, and the console reloads so every screen shows the chosen area.
 */
export function ScenicSwitcher() {
  const { t } = useTranslation('layout');
  const user = useUser();
  const { pathname, search } = useLocation();
  const allowed = user?.admType === ADM_TYPE.platform && hasPermission(user.authorities, 'admin:scenic:page');
  const { data } = useQuery({
    queryKey: ['scenic-switcher'],
    queryFn: () => post<{ rows: ScenicRow[] }>(scenicApi.page, { page: 1, limit: 100 }, { silent: true }),
    enabled: allowed,
    staleTime: 5 * 60_000,
  });
  if (!allowed || !user || !data || data.rows.length < 2) return null;
  return (
    <Select
      aria-label={t('scenicArea')}
      title={t('scenicArea')}
      data-testid="scenic-switcher"
      variant="borderless"
      popupMatchSelectWidth={false}
      value={user.scenicId}
      options={data.rows.map((area) => ({ value: area.id, label: area.name }))}
      onChange={(id: number) => {
        if (id === user.scenicId) return;
        chooseScenicArea(id);
        reloadTo(`${pathname}${search}`);
      }}
    />
  );
}
