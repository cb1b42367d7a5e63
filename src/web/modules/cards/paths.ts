/** The /VipCard screens that link to each other. */
export const KIND_LIST_PATH = '/VipCard/vipUseAssort';
export const KIND_DETAIL_PATH = '/VipCard/vipUse';
export const CARD_LIST_PATH = '/VipCard/EnjSelfCardList';
export const CARD_DETAIL_PATH = '/VipCard/EnjSelfCardListDetail';
export const ORDER_LIST_PATH = '/VipCard/EnjSelfCardOrder';
export const CODES_PATH = '/VipCard/cardCodes';
