import dayjs from 'dayjs';
import {
  CARD_READ_MODE,
  StaffCardCreateSchema,
  StaffCardUpdateSchema,
  staffCardApi,
  type StaffCardRow,
} from '../../../shared/api/staff-cards.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { StaffCardField } from '../../../shared/dict/staff-cards.ts';
import type { FormDef } from '../../components/list-page/index.ts';
import {
  CredentialField,
  FaceImageField,
  GatesField,
  InstantField,
  ReadModesField,
} from './staff-card-fields.tsx';

/** Credentials of read modes that are not chosen are cleared, so they stop opening gates. */
function toBody(values: Record<string, unknown>, row: StaffCardRow | undefined) {
  const modes = (values.readModes as number[] | undefined) ?? [];
  const body: Record<string, unknown> = { ...values };
  if (!modes.includes(CARD_READ_MODE.idCard)) body.idNumber = '';
  if (!modes.includes(CARD_READ_MODE.icCard)) body.icCardNo = '';
  if (!modes.includes(CARD_READ_MODE.face)) body.faceImage = '';
  return row ? { id: row.id, ...body } : body;
}

/**
 * The create/edit form of a staff card (the edit form starts from the row's fields of the same
 * names); a new card is valid from today for a year.
 */
export function staffCardForm(): FormDef<StaffCardRow> {
  return {
    createUrl: staffCardApi.create,
    updateUrl: staffCardApi.update,
    createSchema: StaffCardCreateSchema,
    updateSchema: StaffCardUpdateSchema,
    width: 560,
    fields: [
      { name: 'holderName', label: StaffCardField.holderName, required: true, maxLength: 50 },
      { name: 'phone', label: StaffCardField.phone, maxLength: 20 },
      { name: 'department', label: StaffCardField.department, maxLength: 50 },
      {
        name: 'readModes',
        label: StaffCardField.readModes,
        kind: 'custom',
        required: true,
        extra: 'staffCards:readModesHint',
        render: () => <ReadModesField />,
      },
      {
        name: 'idNumber',
        label: StaffCardField.idNumber,
        kind: 'custom',
        extra: 'staffCards:idNumberHint',
        render: () => <CredentialField mode={CARD_READ_MODE.idCard} maxLength={18} />,
      },
      {
        name: 'icCardNo',
        label: StaffCardField.icCardNo,
        kind: 'custom',
        extra: 'staffCards:icCardNoHint',
        render: () => <CredentialField mode={CARD_READ_MODE.icCard} maxLength={32} />,
      },
      {
        name: 'faceImage',
        label: StaffCardField.faceImage,
        kind: 'custom',
        extra: 'staffCards:faceImageHint',
        render: () => <FaceImageField mode={CARD_READ_MODE.face} />,
      },
      {
        name: 'gateIds',
        label: StaffCardField.gates,
        kind: 'custom',
        extra: 'staffCards:gatesHint',
        render: () => <GatesField />,
      },
      {
        name: 'validFrom',
        label: StaffCardField.validFrom,
        kind: 'custom',
        required: true,
        render: () => <InstantField />,
      },
      {
        name: 'validTo',
        label: StaffCardField.validTo,
        kind: 'custom',
        required: true,
        render: () => <InstantField />,
      },
      {
        name: 'status',
        label: StaffCardField.status,
        kind: 'dict',
        dict: EnableStatus,
        createOnly: true,
      },
      { name: 'remark', label: StaffCardField.remark, kind: 'textarea', maxLength: 200 },
    ],
    initialValues: {
      readModes: [CARD_READ_MODE.qr],
      gateIds: [],
      status: 1,
      validFrom: dayjs().startOf('day').format(),
      validTo: dayjs().add(1, 'year').endOf('day').startOf('second').format(),
    },
    toBody,
  };
}
