import { extensionPoint } from '../../lib/extension-point.ts';
import type { UseCounter } from '../../lib/record-uses.ts';

/** What refers to a ticket agreement: products plugs in its ticket products (products.module.ts). */
export const agreementUses = extensionPoint<UseCounter>('notices.agreementUses');

/** What refers to a purchase-notice template: products plugs in its ticket products. */
export const noticeUses = extensionPoint<UseCounter>('notices.noticeUses');
