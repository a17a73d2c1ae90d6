import type { OverviewCount } from '../lib/overview-counts';

/** Whether a list has rows to show; otherwise `ListNotice` says why not. */
export function hasRows(state: OverviewCount): boolean {
  return state.kind === 'count' && state.value > 0;
}

/**
 * What a Role Management list shows instead of its rows: still loading, refused to this role
 * (naming the permission the server asks for), failed, or the list's empty text. A refused list is
 * never shown as empty: the server decides, the panel only says what it answered.
 */
export function ListNotice({ state, empty }: { state: OverviewCount; empty: string }) {
  const text =
    state.kind === 'loading'
      ? 'Loading…'
      : state.kind === 'not_visible'
        ? `Not visible to your role (needs ${state.needs}).`
        : state.kind === 'failed'
          ? 'Could not be loaded.'
          : empty;
  return (
    <p className="text-sm text-muted-foreground" role={state.kind === 'failed' ? 'alert' : undefined}>
      {text}
    </p>
  );
}
