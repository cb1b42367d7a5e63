import { CloseOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import styles from './layout.module.css';
import { closeAllTabs, closeOtherTabs, closeTab, refreshTab, useTabs, type Tab } from '../lib/tabs-store.ts';

/** Visited-page tabs with the context menu of docs/product.md §2: refresh, close, close others, close all. */
export function TagsView() {
  const { t } = useTranslation(['layout', 'menu']);
  const tabs = useTabs();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const close = (tab: Tab) => {
    const next = closeTab(tab.path, pathname);
    if (next) navigate(next);
  };
  const refresh = (tab: Tab) => {
    refreshTab(tab.path);
    // docs/product.md §2: the page is re-mounted through /redirect/*
    navigate(`/redirect${tab.path}${tab.search}`, { replace: true });
  };

  return (
    <div className={styles.tags} role="tablist" data-testid="tags-view">
      {tabs.map((tab) => {
        const active = tab.path === pathname;
        return (
          <Dropdown
            key={tab.path}
            trigger={['contextMenu']}
            menu={{
              items: [
                { key: 'refresh', label: t('layout:refresh') },
                { key: 'close', label: t('layout:close'), disabled: tab.affix },
                { key: 'closeOthers', label: t('layout:closeOthers') },
                { key: 'closeAll', label: t('layout:closeAll') },
              ],
              onClick: ({ key }) => {
                if (key === 'refresh') refresh(tab);
                if (key === 'close') close(tab);
                if (key === 'closeOthers') {
                  closeOtherTabs(tab.path);
                  if (!active) navigate(`${tab.path}${tab.search}`);
                }
                if (key === 'closeAll') navigate(closeAllTabs());
              },
            }}
          >
            <span
              role="tab"
              aria-selected={active}
              tabIndex={0}
              className={active ? `${styles.tag} ${styles.tagActive}` : styles.tag}
              onClick={() => navigate(`${tab.path}${tab.search}`)}
              onKeyDown={(e) => e.key === 'Enter' && navigate(`${tab.path}${tab.search}`)}
              onAuxClick={(e) => e.button === 1 && !tab.affix && close(tab)}
            >
              {t(`menu:${tab.title}`)}
              {tab.affix ? null : (
                <CloseOutlined
                  className={styles.tagClose}
                  aria-label={t('layout:close')}
                  onClick={(e) => {
                    e.stopPropagation();
                    close(tab);
                  }}
                />
              )}
            </span>
          </Dropdown>
        );
      })}
    </div>
  );
}
