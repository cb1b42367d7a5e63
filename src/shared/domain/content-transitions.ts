import { CONTENT_STATE } from '../dict/content.ts';

const { draft, published, withdrawn } = CONTENT_STATE;

/**
 * The moves of an announcement or article (docs/api.md "Announcements and articles"): publish from
 * a draft or a withdrawn record, withdraw only what is published. The server applies them as
 * compare-and-set updates (`where state in from`); the console shows the buttons from the same table.
 */
export const CONTENT_TRANSITIONS = {
  publish: { from: [draft, withdrawn], to: published },
  withdraw: { from: [published], to: withdrawn },
} as const;
export type ContentTransition = keyof typeof CONTENT_TRANSITIONS;

export function canMove(action: ContentTransition, state: number): boolean {
  return (CONTENT_TRANSITIONS[action].from as readonly number[]).includes(state);
}
