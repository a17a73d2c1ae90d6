import type { UserSummary } from '@meridian/schemas';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useUserSearch } from '@/entities/role-management';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

const SEARCH_DEBOUNCE_MS = 250;
const SHOWN_MATCHES = 6;

type Props = { id: string; value: UserSummary | null; onChange: (user: UserSummary | null) => void; invalid: boolean };

/** Picks a real user: type part of a name or e-mail, then choose from the matches. */
export function UserPicker({ id, value, onChange, invalid }: Props) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const matches = useUserSearch(query, value === null);

  if (value) {
    return (
      <div className="flex h-9 items-center justify-between gap-2 rounded-md border border-input bg-card px-3 text-sm">
        <span className="truncate" data-testid="selected-user">
          {value.name} <span className="text-muted-foreground">({value.email})</span>
        </span>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-6"
          aria-label="Clear user"
          onClick={() => onChange(null)}
        >
          <X aria-hidden />
        </Button>
      </div>
    );
  }
  const list = (matches.data ?? []).slice(0, SHOWN_MATCHES);
  return (
    <div className="grid gap-1">
      <Input
        id={id}
        value={text}
        aria-invalid={invalid}
        placeholder="Search users by name or e-mail"
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
      />
      <ul role="listbox" aria-label="Matching users" className="max-h-48 overflow-y-auto rounded-md border bg-card">
        {list.length === 0 ? (
          <li className="px-3 py-2 text-xs text-muted-foreground">
            {matches.isFetching ? 'Searching…' : 'No users match'}
          </li>
        ) : (
          list.map((u) => (
            <li key={u.id} role="option" aria-selected={false}>
              <button
                type="button"
                className={cn(
                  'w-full px-3 py-1.5 text-left text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none',
                )}
                onClick={() => {
                  onChange(u);
                  setText('');
                }}
              >
                {u.name} <span className="text-muted-foreground">{u.email}</span>
              </button>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
