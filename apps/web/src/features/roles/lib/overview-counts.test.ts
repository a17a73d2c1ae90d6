import { describe, expect, it } from 'vitest';
import { overviewCount, overviewCountText } from './overview-counts';

describe('overview counts', () => {
  const caption = 'Active departments';

  it.each([
    ['a loaded list', { status: 'success', data: [1, 2, 3], error: null }, { value: '3', caption }],
    ['a loaded empty list', { status: 'success', data: [], error: null }, { value: '0', caption }],
    ['a list still loading', { status: 'pending', error: null }, { value: '…', caption }],
    [
      'a list the server refuses to the viewer',
      { status: 'error', error: new Error('403: {"code":"FORBIDDEN","message":"Missing permission"}') },
      { value: '—', caption: 'Not visible to your role (needs Manage Departments)' },
    ],
    [
      'a list that failed otherwise',
      { status: 'error', error: new Error('500: Internal Server Error') },
      { value: '—', caption: 'Could not be loaded' },
    ],
  ] as const)('shows %s', (_, query, expected) => {
    expect(overviewCountText(overviewCount(query, 'Manage Departments'), caption)).toEqual(expected);
  });
});
