/**
 * The public entry of the print-templates module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { printTemplates } from './print-templates.table.ts';
export { printTemplateUses } from './print-template-uses.ts';
