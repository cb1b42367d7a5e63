import { Drawer, FloatButton, Layout as AntLayout } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { AppScope } from '../components/app-scope.tsx';
import { useBranding } from '../lib/branding.ts';
import { useConsoleShape } from '../lib/console-shape.ts';
import { updateSettings, useSettings } from '../lib/settings.ts';
import styles from './layout.module.css';
import { Navbar } from './navbar.tsx';
import { PageHost } from './page-host.tsx';
import { SidebarMenu } from './sidebar-menu.tsx';
import { openTab } from '../lib/tabs-store.ts';
import { TagsView } from './tags-view.tsx';
import { isKnownPath, usePermittedRoutes } from './use-permitted-routes.ts';

/** docs/product.md §9: below 1024 px the layout switches to mobile mode. */
const MOBILE_QUERY = '(max-width: 1023.98px)';

function useMobile(): boolean {
  const [mobile, setMobile] = useState(() => window.matchMedia(MOBILE_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const onChange = () => setMobile(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return mobile;
}

/** /redirect/<path>: the refresh helper re-mounts <path> by passing through here (docs/product.md §2). */
function RedirectBack() {
  // the layout sits under the router's `/*`, so the splat param still holds `redirect/`: cut the prefix
  const { pathname, search } = useLocation();
  return <Navigate to={`${pathname.slice('/redirect'.length) || '/'}${search}`} replace />;
}

function Logo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const branding = useBranding();
  const title = branding?.siteTitle || t('appTitle');
  return (
    <div className={styles.logo} title={title}>
      {branding?.siteIcon ? <img src={branding.siteIcon} alt="" /> : null}
      {collapsed ? null : <span>{title}</span>}
    </div>
  );
}

export default function Layout() {
  const { t } = useTranslation('layout');
  const routes = usePermittedRoutes();
  const { routes: table } = useConsoleShape();
  const location = useLocation();
  const mobile = useMobile();
  const { sidebarOpened } = useSettings();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname, search } = location;
  const match = routes.pages.find(({ route }) => route.path === pathname);

  // affixed tabs (the dashboard) are there from the start, whatever page the user opened first
  useEffect(() => {
    for (const { route } of routes.pages) {
      if (route.affix && route.title)
        openTab({ path: route.path, search: '', title: route.title, affix: true });
    }
  }, [routes.pages]);

  useEffect(() => {
    if (match?.route.title) {
      openTab({ path: pathname, search, title: match.route.title, affix: Boolean(match.route.affix) });
    }
  }, [match, pathname, search]);

  if (pathname === '/') {
    return <Navigate to={routes.home ?? '/401'} replace />;
  }
  if (pathname.startsWith('/redirect/')) {
    return <RedirectBack />;
  }
  if (!match) {
    return <Navigate to={isKnownPath(table, pathname) ? '/401' : '/404'} replace />;
  }

  const collapsed = !mobile && !sidebarOpened;
  const menu = (
    <SidebarMenu
      tree={routes.tree}
      collapsed={collapsed}
      onNavigate={mobile ? () => setDrawerOpen(false) : undefined}
    />
  );
  return (
    <AppScope>
      <AntLayout className={styles.root}>
        {mobile ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={220}
            closable={false}
            styles={{ body: { padding: 0, background: '#001529' } }}
            title={null}
            // no visible title: the dialog is named for screen readers
            aria-label={t('menu')}
          >
            <Logo collapsed={false} />
            {menu}
          </Drawer>
        ) : (
          <AntLayout.Sider
            collapsed={collapsed}
            width={210}
            collapsedWidth={64}
            className={styles.sider}
            trigger={null}
          >
            <Logo collapsed={collapsed} />
            {menu}
          </AntLayout.Sider>
        )}
        <AntLayout className={styles.main}>
          <AntLayout.Header className={styles.header}>
            <Navbar
              mobile={mobile}
              collapsed={mobile ? !drawerOpen : collapsed}
              routes={routes}
              onToggle={() =>
                mobile ? setDrawerOpen((open) => !open) : updateSettings({ sidebarOpened: !sidebarOpened })
              }
            />
            <TagsView />
          </AntLayout.Header>
          <AntLayout.Content className={styles.content}>
            <PageHost pages={routes.pages} activePath={pathname} />
            <FloatButton.BackTop
              duration={500}
              visibilityHeight={400}
              tooltip={t('backToTop')}
              target={() => document.querySelector<HTMLElement>('[data-testid="active-pane"]') ?? window}
            />
          </AntLayout.Content>
        </AntLayout>
      </AntLayout>
    </AppScope>
  );
}
