import { extensionPoint } from '../../lib/extension-point.ts';
import type { UseCounter } from '../../lib/record-uses.ts';

/** What refers to a print template: products plugs in its ticket products (products.module.ts). */
export const printTemplateUses = extensionPoint<UseCounter>('printTemplates.uses');
