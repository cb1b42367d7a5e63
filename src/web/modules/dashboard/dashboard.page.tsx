import { AppstoreOutlined } from '@ant-design/icons';
import { useMemo, type ComponentType, type ReactNode } from 'react';
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

  const none = <span className={styles.secondary}>{t('none')}</span>;
  // plain markup in the look of antd's Descriptions and Tag: they would weigh on the first screen
  const facts: [string, string, ReactNode][] = [
    ['nickname', t('nickname'), user.admNickname || none],
    ['username', t('username'), user.user_name],
    ['type', t('accountType'), <span className={styles.tag}>{dictLabel(AdmType, user.admType, lang)}</span>],
    ['scenic', t('scenic'), user.scenicName || none],
    [
      'roles',
      t('roles'),
      user.author.length
        ? user.author.map((code) => (
            <span key={code} className={styles.tag}>
              {code}
            </span>
          ))
        : none,
    ],
  ];

  return (
    <div className={styles.page}>
      {/* panels in the look of antd's Card, whose tabs code would weigh on the first screen */}
      <section className={styles.panel}>
        <h2 className={styles.welcome}>{t('welcome', { name: user.admNickname || user.user_name })}</h2>
        <dl className={styles.facts}>
          {facts.map(([key, label, value]) => (
            <div key={key} className={styles.fact}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
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
          <p className={styles.secondary}>{t('noShortcuts')}</p>
        )}
      </section>
    </div>
  );
}
