import type { KeyboardEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { onRadioArrowKey, radioTabIndex } from './radio-keys';

function press(key: string, values: readonly string[], current: string | undefined) {
  let chosen: string | undefined;
  let prevented = false;
  const event = {
    key,
    preventDefault: () => (prevented = true),
    currentTarget: { closest: () => null },
  } as unknown as KeyboardEvent<HTMLElement>;
  onRadioArrowKey(event, values, current, (value) => (chosen = value));
  return { chosen, prevented };
}

describe('radio group keys', () => {
  const values = ['PAM', 'ANN', 'STK'] as const;

  it('moves to the next and previous choice, wrapping at both ends', () => {
    expect(press('ArrowRight', values, 'PAM').chosen).toBe('ANN');
    expect(press('ArrowDown', values, 'STK').chosen).toBe('PAM');
    expect(press('ArrowLeft', values, 'PAM').chosen).toBe('STK');
    expect(press('ArrowUp', values, 'ANN').chosen).toBe('PAM');
  });

  it('starts at the first choice when none is checked and ignores other keys', () => {
    expect(press('ArrowRight', values, undefined).chosen).toBe('PAM');
    expect(press('Tab', values, 'PAM')).toEqual({ chosen: undefined, prevented: false });
  });

  it('makes the checked radio, or the first, the one tab stop', () => {
    expect(values.map((v) => radioTabIndex(values, 'ANN', v))).toEqual([-1, 0, -1]);
    expect(values.map((v) => radioTabIndex(values, undefined, v))).toEqual([0, -1, -1]);
  });
});
