import { EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { MapGuideField } from '../../../shared/dict/map-guide.ts';
import type { ExportColumn } from '../../http/export.ts';

/** The columns every exported guide list ends with: its order, state and introduction. */
export function closingColumns<
  R extends { sort: number; status: number; introduction: string },
>(): ExportColumn<R>[] {
  return [
    { header: MapGuideField.sort, value: (r) => r.sort, kind: 'number' },
    { header: MapGuideField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
    { header: MapGuideField.introduction, value: (r) => r.introduction, width: 40 },
  ];
}
