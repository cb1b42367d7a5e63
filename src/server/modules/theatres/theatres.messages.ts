import { defineDict } from '../../../shared/dict/dict.ts';

/** What the theatres module says to users, in both languages (collected by src/server/http/messages.ts). */
export const theatresMessages = defineDict({
  theatreNotFound: { zh: '剧院不存在', en: 'Theatre not found' },
  showNotFound: { zh: '演出场次不存在', en: 'Show not found' },
  theatreHasShows: {
    zh: '剧院 {name} 还有 {count} 个演出场次，请先删除这些场次',
    en: 'Theatre {name} still has {count} show(s); delete them first',
  },
  showHasSales: {
    zh: '该场次已有 {count} 个已售或锁定中的座位，不能删除，可以停售',
    en: 'This show has {count} sold or held seat(s) and cannot be deleted; close it instead',
  },
  seatsTaken: {
    zh: '座位已被占用或不可售：{seats}',
    en: 'These seats are taken or not for sale: {seats}',
  },
  seatsNotBlockable: {
    zh: '已售或锁定中的座位不能修改：{seats}',
    en: 'Sold or held seats cannot be changed: {seats}',
  },
  showClosed: { zh: '该场次已停售', en: 'This show is closed' },
  showPast: { zh: '该场次已开始或已结束', en: 'This show has already started' },
  showOverlap: {
    zh: '与同一剧院 {date} 的场次 {time} 时间重叠',
    en: 'Overlaps the show at {time} on {date} in the same theatre',
  },
});
