import { describe, expect, it } from 'vitest';
import { reduceToasts, type ToastRecord } from './toast-store';

const toast = (id: string): ToastRecord<string> => ({ id, title: `t${id}`, open: true });

describe('reduceToasts', () => {
  it('keeps one toast: a new toast replaces the visible one', () => {
    const state = reduceToasts(reduceToasts([], { type: 'add', toast: toast('1') }), {
      type: 'add',
      toast: toast('2'),
    });
    expect(state.map((t) => t.id)).toEqual(['2']);
  });

  it('dismiss closes without removing; remove drops it', () => {
    const added = reduceToasts([], { type: 'add', toast: toast('1') });
    const dismissed = reduceToasts(added, { type: 'dismiss', id: '1' });
    expect(dismissed).toEqual([{ ...toast('1'), open: false }]);
    expect(reduceToasts(dismissed, { type: 'remove', id: '1' })).toEqual([]);
  });

  it('update merges fields of the matching toast only', () => {
    const state = reduceToasts([toast('1')], { type: 'update', toast: { id: '1', description: 'd' } });
    expect(state[0]?.description).toBe('d');
    expect(reduceToasts([toast('1')], { type: 'update', toast: { id: '9', title: 'x' } })).toEqual([toast('1')]);
  });
});
