export const NOTICE_BASE = '/web/api/admin/instructions';
export const NOTICE_LIST_PATH = '/ticket/instructions';
export const NOTICE_DETAIL_PATH = '/ticket/instructionsDetailPage';

/** The query key of one template: the detail page and the list's preview share it. */
export const noticeQueryKey = (id: number) => [`${NOTICE_BASE}/query`, id] as const;
