import { AppstoreOutlined } from '@ant-design/icons';
import { Descriptions, Empty, Space, Tag } from 'antd';
import { useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADM_TYPE, AdmType } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { useConsoleShape } from '../../lib/console-shape.ts';
import { DASHBOARD_PATH, filterRoutes, flattenRoutes, type AppRoute } from '../../lib/routes.ts';
import { useUser } from '../../lib/session.ts';
import { useSettings } from '../../lib/settings.ts';
import { DashboardFigures } from './dashboard-figures.tsx';
import styles from './dashboard.module.css';

interface Shortcut {
  route: AppRoute;
  group?: AppRoute;
  icon: ComponentType;
}

/** The permitted menu screens (docs/product.md §6), the dashboard itself and hidden detail pages left out. */
function shortcutsFor(routes: readonly AppRoute[], authorities: readonly string[]): Shortcut[] {
  return flattenRoutes(filterRoutes(routes, authorities))
    .filter(
      ({ route, parents }) =>
        route.path !== DASHBOARD_PATH && !route.hidden && !parents.some((p) => p.hidden),
    )
    .map(({ route, parents }) => ({
      route,
      group: parents.at(-1),
      icon: route.icon ?? [...parents].reverse().find((p) => p.icon)?.icon ?? AppstoreOutlined,
    }));
}

/** Who is signed in, today's figures of the area (staff accounts) and where they can go. */
export default function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'menu']);
  const { lang } = useSettings();
  const user = useUser();
  const { routes } = useConsoleShape();
  const shortcuts = useMemo(() => shortcutsFor(routes, user?.authorities ?? []), [routes, user]);
  if (!user) return null;

  const typeColor = AdmType[user.admType as keyof typeof AdmType]?.color;
  const none = <span className={styles.secondary}>{t('none')}</span>;

  return (
    <div className={styles.page}>
      {/* panels in the look of antd's Card, whose tabs code would weigh on the first screen */}
      <section className={styles.panel}>
        <h2 className={styles.welcome}>{t('welcome', { name: user.admNickname || user.user_name })}</h2>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 3 }}
          items={[
            { key: 'nickname', label: t('nickname'), children: user.admNickname || none },
            { key: 'username', label: t('username'), children: user.user_name },
            {
              key: 'type',
              label: t('accountType'),
              children: <Tag color={typeColor}>{dictLabel(AdmType, user.admType, lang)}</Tag>,
            },
            { key: 'scenic', label: t('scenic'), children: user.scenicName || none },
            {
              key: 'roles',
              label: t('roles'),
              children: user.author.length ? (
                <Space size={[0, 4]} wrap>
                  {user.author.map((code) => (
                    <Tag key={code}>{code}</Tag>
                  ))}
                </Space>
              ) : (
                none
              ),
            },
          ]}
        />
      </section>
      {(user.admType === ADM_TYPE.platform || user.admType === ADM_TYPE.staff) && <DashboardFigures />}
      <section className={styles.panel} aria-labelledby="dashboard-shortcuts">
        <h2 id="dashboard-shortcuts" className={styles.panelTitle}>
          {t('shortcuts')}
        </h2>
        {shortcuts.length ? (
          <div className={styles.shortcuts}>
            {shortcuts.map(({ route, group, icon: Icon }) => (
              <Link key={route.path} to={route.path} className={styles.shortcut}>
                <div className={styles.shortcutBody}>
                  <span className={styles.shortcutIcon}>
                    <Icon />
                  </span>
                  <span className={styles.shortcutText}>
                    <span className={styles.shortcutTitle}>
                      {route.title ? t(`menu:${route.title}`) : route.path}
                    </span>
                    {group?.title ? (
                      <span className={styles.shortcutGroup}>{t(`menu:${group.title}`)}</span>
                    ) : null}
                  </span>
                </div>
              </Link>
            ))}
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noShortcuts')} />
        )}
      </section>
    </div>
  );
}
