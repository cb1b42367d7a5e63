export const DISTRIBUTOR_DETAIL_PATH = '/disManage/details';
export const detailPath = (id: number) => `${DISTRIBUTOR_DETAIL_PATH}?id=${id}`;
