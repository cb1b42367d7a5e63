/** The /user screens that link to each other. */
export const MEMBER_LIST_PATH = '/user/user';
export const MEMBER_DETAIL_PATH = '/user/userDetail';
export const LEVEL_LIST_PATH = '/user/memberRank';
export const LEVEL_DETAIL_PATH = '/user/memberRankDetail';

export const memberDetailPath = (id: number) => `${MEMBER_DETAIL_PATH}?id=${id}`;
