import { announcementApi } from '../../../shared/api/content.ts';

export const ANNOUNCEMENT_LIST_PATH = '/scenic/announcement';
export const ANNOUNCEMENT_DETAIL_PATH = '/scenic/announDetail';

/** The query key of one announcement (the detail page). */
export const announcementQueryKey = (id: number) => [announcementApi.query, id] as const;
