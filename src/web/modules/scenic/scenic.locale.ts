import { defineMessages } from '../../locales/define.ts';

export default {
  scenic: defineMessages({
    zh: {
      code: '景区编码',
      name: '景区名称',
      contact: '联系人',
      phone: '联系电话',
      address: '地址',
      status: '状态',
      createTime: '创建时间',
      namePlaceholder: '请输入景区名称',
    },
    en: {
      code: 'Code',
      name: 'Name',
      contact: 'Contact',
      phone: 'Phone',
      address: 'Address',
      status: 'Status',
      createTime: 'Created',
      namePlaceholder: 'Scenic area name',
    },
  }),
};
