import { noticeApi } from '../../../shared/api/notices.ts';

export const NOTICE_LIST_PATH = '/ticket/instructions';
export const NOTICE_DETAIL_PATH = '/ticket/instructionsDetailPage';

/** The query key of one template: the detail page and the list's preview share it. */
export const noticeQueryKey = (id: number) => [noticeApi.query, id] as const;
