import { defineMessages } from '../../locales/define.ts';

/** Texts of the list-page framework (src/web/components/list-page). */
const texts = {
  listPage: defineMessages({
    zh: {
      create: '新增',
      edit: '编辑',
      delete: '删除',
      detail: '详情',
      actions: '操作',
      enable: '启用',
      disable: '禁用',
      export: '导出',
      exported: '已导出',
      refresh: '刷新',
      columns: '列设置',
      density: '密度',
      densityDefault: '默认',
      densityMiddle: '中等',
      densityCompact: '紧凑',
      resetColumns: '重置',
      yes: '是',
      no: '否',
      deleteConfirm: '确定删除这条记录吗？',
      enableConfirm: '确定启用选中的 {{count}} 条记录吗？',
      disableConfirm: '确定禁用选中的 {{count}} 条记录吗？',
      show: '显示',
      hide: '隐藏',
      showConfirm: '确定显示选中的 {{count}} 条记录吗？',
      hideConfirm: '确定隐藏选中的 {{count}} 条记录吗？',
      onShelf: '上架',
      offShelf: '下架',
      onShelfConfirm: '确定上架选中的 {{count}} 条记录吗？',
      offShelfConfirm: '确定下架选中的 {{count}} 条记录吗？',
      selected: '已选 {{count}} 条',
      createTitle: '新增',
      editTitle: '编辑',
      detailTitle: '详情',
    },
    en: {
      create: 'New',
      edit: 'Edit',
      delete: 'Delete',
      detail: 'Details',
      actions: 'Actions',
      enable: 'Enable',
      disable: 'Disable',
      export: 'Export',
      exported: 'Exported',
      refresh: 'Refresh',
      columns: 'Columns',
      density: 'Density',
      densityDefault: 'Default',
      densityMiddle: 'Medium',
      densityCompact: 'Compact',
      resetColumns: 'Reset',
      yes: 'Yes',
      no: 'No',
      deleteConfirm: 'Delete this record?',
      enableConfirm: 'Enable the {{count}} selected records?',
      disableConfirm: 'Disable the {{count}} selected records?',
      show: 'Show',
      hide: 'Hide',
      showConfirm: 'Show the {{count}} selected records?',
      hideConfirm: 'Hide the {{count}} selected records?',
      onShelf: 'Put on shelf',
      offShelf: 'Take off shelf',
      onShelfConfirm: 'Put the {{count}} selected records on the shelf?',
      offShelfConfirm: 'Take the {{count}} selected records off the shelf?',
      selected: '{{count}} selected',
      createTitle: 'New',
      editTitle: 'Edit',
      detailTitle: 'Details',
    },
  }),
};

export default texts;

// its namespace joins the console's texts as a type (src/web/locales/index.ts)
declare module '../../locales/index.ts' {
  interface LoadedNamespaces {
    listPage: typeof texts.listPage;
  }
}
