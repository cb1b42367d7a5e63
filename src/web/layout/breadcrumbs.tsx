import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DASHBOARD_PATH } from '../lib/routes.ts';
import type { PermittedRoutes } from './use-permitted-routes.ts';

/** Dashboard › group › page, from the route table. */
export function Breadcrumbs({ pages, home }: Pick<PermittedRoutes, 'pages' | 'home'>) {
  const { t } = useTranslation('menu');
  const { pathname } = useLocation();
  const match = pages.find(({ route }) => route.path === pathname);
  const trail = match ? [...match.parents, match.route] : [];
  const items = [
    ...(home === DASHBOARD_PATH && pathname !== DASHBOARD_PATH
      ? [{ title: <Link to={DASHBOARD_PATH}>{t('dashboard')}</Link> }]
      : []),
    ...trail.map((route) => ({ title: route.title ? t(route.title) : route.path })),
  ];
  return <Breadcrumb items={items} data-testid="breadcrumbs" />;
}
