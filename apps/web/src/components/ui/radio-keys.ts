import type { KeyboardEvent } from 'react';

const NEXT = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp']);

/**
 * Arrow keys of a custom radio group (WAI-ARIA radio pattern): the group is one tab stop (only
 * the checked radio, or the first, has tabIndex 0) and the arrows move the choice and the focus,
 * wrapping at the ends. Attach to each radio's onKeyDown.
 */
export function onRadioArrowKey<T>(
  event: KeyboardEvent<HTMLElement>,
  values: readonly T[],
  current: T | undefined,
  select: (value: T) => void,
): void {
  const step = NEXT.has(event.key) ? 1 : PREVIOUS.has(event.key) ? -1 : 0;
  if (step === 0 || values.length === 0) return;
  event.preventDefault();
  const from = current === undefined ? -1 : values.indexOf(current);
  const index = (from + step + values.length) % values.length;
  select(values[index] as T);
  const radios = event.currentTarget.closest('[role="radiogroup"]')?.querySelectorAll<HTMLElement>('[role="radio"]');
  radios?.[index]?.focus();
}

/** tabIndex of one radio of a group: the checked one is the group's tab stop (the first if none is). */
export function radioTabIndex<T>(values: readonly T[], current: T | undefined, value: T): 0 | -1 {
  const checked = current !== undefined && values.includes(current) ? current : values[0];
  return value === checked ? 0 : -1;
}
