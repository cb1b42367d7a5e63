import { scenicProfileApi } from '../../../shared/api/scenic.ts';

export const SCENIC_LIST_PATH = '/scenic/sceManage';
export const SCENIC_DETAIL_PATH = '/scenic/sceManageDetail';

/** The query key of one area's profile (the detail page). */
export const scenicProfileQueryKey = (id: number) => [scenicProfileApi.query, id] as const;
