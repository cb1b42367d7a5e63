/** The /VipCard screens that link to each other. */
export const KIND_LIST_PATH = '/VipCard/vipUseAssort';
export const KIND_DETAIL_PATH = '/VipCard/vipUse';
