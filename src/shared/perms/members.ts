import { definePermissions } from './define.ts';

/** Members, levels, top-ups and their rules, travellers (/user). */
export const membersPermissions = definePermissions({
  user: {
    'admin:user:page': { zh: '查看会员', en: 'View members' },
    'admin:user:phone': { zh: '查看会员完整手机号', en: 'See members’ full phone numbers' },
    'admin:user:update': { zh: '编辑、冻结会员及解绑手机', en: 'Edit and freeze members, unbind phones' },
    'admin:user:consume': { zh: '会员柜台消费', en: 'Charge member balances at the counter' },
    'admin:user:adjust': { zh: '调整会员余额', en: 'Adjust member balances' },
    'admin:memberRank:page': { zh: '查看会员等级', en: 'View member levels' },
    'admin:memberRank:edit': { zh: '新增、编辑、删除会员等级', en: 'Create, edit and delete member levels' },
    'admin:recharge:page': { zh: '查看充值记录', en: 'View top-ups' },
    'admin:fixed:page': { zh: '查看充值规则', en: 'View top-up rules' },
    'admin:fixed:edit': { zh: '新增、编辑、删除充值规则', en: 'Create, edit and delete top-up rules' },
    'admin:traveler:page': { zh: '查看常用出行人', en: 'View travellers' },
    'admin:traveler:idNumber': { zh: '查看出行人完整证件号', en: 'See travellers’ full ID numbers' },
  },
});
