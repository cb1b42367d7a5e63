import { defineMessages } from '../../locales/define.ts';

/** The scenic-spot screen (/scenic/viewpoint); field labels are in src/shared/dict/scenic-spots.ts. */
export default {
  scenicSpots: defineMessages({
    zh: {
      allDay: '全天开放',
      hoursHint: '不填则与景区开放时间相同',
      positionHint: '地图上的位置（WGS-84 经纬度），可留空',
      namePlaceholder: '景点名称',
    },
    en: {
      allDay: 'Open all day',
      hoursHint: "Leave empty to keep the area's opening hours",
      positionHint: 'The position on the map (WGS-84), optional',
      namePlaceholder: 'Spot name',
    },
  }),
};
