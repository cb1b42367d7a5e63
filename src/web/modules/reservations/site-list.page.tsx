import {
  reservationSiteApi,
  SiteCreateSchema,
  SiteUpdateSchema,
  type SiteRow,
} from '../../../shared/api/reservations.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { ReservationField } from '../../../shared/dict/reservations.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';

const definition = defineListPage<SiteRow>({
  id: 'make.site',
  url: reservationSiteApi.page,
  exportUrl: reservationSiteApi.export,
  rowKey: 'id',
  perms: {
    create: 'admin:makeSite:create',
    update: 'admin:makeSite:update',
    delete: 'admin:makeSite:delete',
    status: 'admin:makeSite:update',
    export: 'admin:makeSite:page',
  },
  search: [
    {
      kind: 'text',
      name: 'name',
      label: ReservationField.name,
      placeholder: 'reservations:namePlaceholder',
      maxLength: 50,
    },
    { kind: 'dict', name: 'status', label: ReservationField.status, dict: EnableStatus },
  ],
  columns: [
    { key: 'name', title: ReservationField.name, sortable: true },
    { key: 'location', title: ReservationField.location, ellipsis: true },
    { key: 'capacity', title: ReservationField.capacity, sortable: true, width: 120 },
    { key: 'daysAhead', title: ReservationField.daysAhead, width: 120 },
    { key: 'closeMinutes', title: ReservationField.closeMinutes, width: 150, hidden: true },
    { key: 'realName', title: ReservationField.realName, kind: 'boolean', width: 110 },
    { key: 'rules', title: ReservationField.rules, ellipsis: true, hidden: true },
    { key: 'status', title: ReservationField.status, kind: 'dict', dict: EnableStatus, width: 100 },
    { key: 'createTime', title: ReservationField.createTime, kind: 'dateTime', sortable: true },
  ],
  form: {
    createUrl: reservationSiteApi.create,
    updateUrl: reservationSiteApi.update,
    createSchema: SiteCreateSchema,
    updateSchema: SiteUpdateSchema,
    fields: [
      { name: 'name', label: ReservationField.name, required: true, maxLength: 50 },
      { name: 'location', label: ReservationField.location, maxLength: 100 },
      {
        name: 'capacity',
        label: ReservationField.capacity,
        kind: 'number',
        min: 1,
        max: 100000,
        required: true,
      },
      {
        name: 'daysAhead',
        label: ReservationField.daysAhead,
        kind: 'number',
        min: 0,
        max: 365,
        required: true,
        extra: 'reservations:daysAheadHint',
      },
      {
        name: 'closeMinutes',
        label: ReservationField.closeMinutes,
        kind: 'number',
        min: 0,
        max: 1440,
        required: true,
        extra: 'reservations:closeMinutesHint',
      },
      {
        name: 'realName',
        label: ReservationField.realName,
        kind: 'switch',
        extra: 'reservations:realNameHint',
      },
      { name: 'rules', label: ReservationField.rules, kind: 'textarea', maxLength: 2000 },
      { name: 'status', label: ReservationField.status, kind: 'dict', dict: EnableStatus, required: true },
    ],
    initialValues: { daysAhead: 7, closeMinutes: 0, realName: false, status: 1 },
  },
  delete: { url: reservationSiteApi.delete, confirm: 'reservations:deleteSiteConfirm' },
  status: { url: reservationSiteApi.status },
});

/** docs/product.md §2 /Make/site: the places visitors book sessions of. */
export default function SiteListPage() {
  return <ListPage definition={definition} />;
}
