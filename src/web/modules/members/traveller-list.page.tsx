import { travellerApi, type TravellerRow } from '../../../shared/api/members.ts';
import { MemberField, TravellerIdType } from '../../../shared/dict/members.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { MemberCell } from './member-cell.tsx';

const definition = defineListPage<TravellerRow>({
  id: 'user.traveler',
  url: travellerApi.page,
  exportUrl: travellerApi.export,
  rowKey: 'id',
  perms: { export: 'admin:traveler:page' },
  search: [
    { kind: 'text', name: 'name', label: MemberField.travellerName, maxLength: 50 },
    { kind: 'dict', name: 'idType', label: MemberField.idType, dict: TravellerIdType, width: 200 },
    {
      kind: 'text',
      name: 'idNumber',
      label: MemberField.idNumber,
      placeholder: 'members:fullIdNumberPlaceholder',
      maxLength: 30,
    },
    {
      kind: 'text',
      name: 'memberPhone',
      label: MemberField.memberPhone,
      placeholder: 'members:fullPhonePlaceholder',
      maxLength: 20,
    },
    {
      kind: 'dateRange',
      name: 'createTime',
      label: MemberField.createTime,
      from: 'createTimeFrom',
      to: 'createTimeTo',
    },
  ],
  columns: [
    { key: 'name', title: MemberField.travellerName, sortable: true, width: 110 },
    { key: 'idType', title: MemberField.idType, kind: 'dict', dict: TravellerIdType, width: 170 },
    { key: 'idNumber', title: MemberField.idNumber, width: 190 },
    { key: 'phone', title: MemberField.travellerPhone, width: 130 },
    { key: 'member', title: MemberField.member, width: 150, render: (_, row) => <MemberCell row={row} /> },
    { key: 'createTime', title: MemberField.createTime, kind: 'dateTime', sortable: true },
  ],
});

/**
 * docs/product.md §2 /user/traveler: the people members book for, saved through the member API;
 * staff view and export them, ID numbers masked unless they hold admin:traveler:idNumber.
 */
export default function TravellerListPage() {
  return <ListPage definition={definition} />;
}
