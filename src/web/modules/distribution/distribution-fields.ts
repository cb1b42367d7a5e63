import { DistributionField } from '../../../shared/dict/distribution.ts';
import type { ColumnDef, SearchFieldDef } from '../../components/list-page/index.ts';
import type { Label } from '../../components/list-page/types.ts';

// What the distribution lists' definitions share.

/** The filter on when a record was made (to the second). */
export const createTimeSearch = (label: Label = DistributionField.createTime): SearchFieldDef => ({
  kind: 'dateRange',
  name: 'createTime',
  label,
  from: 'createTimeFrom',
  to: 'createTimeTo',
  time: true,
});

/** A distributor's company, contact and phone. */
export const companyColumns = <
  T extends { company: string; contact: string; phone: string },
>(): ColumnDef<T>[] => [
  { key: 'company', title: DistributionField.company, width: 180 },
  { key: 'contact', title: DistributionField.contact, width: 100 },
  { key: 'phone', title: DistributionField.phone, width: 130 },
];
