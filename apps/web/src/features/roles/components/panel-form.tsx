import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { ROLES_TEXT } from '../lib/texts';

// The one form of the Role Management tabs (departments, roles, assignments, elevation
// requests): draft state, SPEC §5 'Missing Information' validation, the mutation with its
// success and error toasts, reset after success (SPEC §4), and the card, grid and button.

type Callbacks<R> = { onSuccess: (result: R) => void; onError: (error: unknown) => void };

export interface DraftFormOptions<D, R> {
  /** The draft after success: SPEC §4 defaults. */
  empty: D;
  /** Whether every required field is filled. */
  complete: (draft: D) => boolean;
  /** SPEC §5 text of the 'Missing Information' toast. */
  missingText: string;
  /** Runs the mutation with the callbacks. */
  mutate: (draft: D, callbacks: Callbacks<R>) => void;
  /** The success toast. */
  succeeded: (result: R) => { title: string; description: string };
  /** The 'Error' toast's description; the server's message is shown under the form. */
  failedText: string | ((error: unknown) => string);
}

export function useDraftForm<D, R>(options: DraftFormOptions<D, R>) {
  const [draft, setDraft] = useState<D>(options.empty);
  const [invalid, setInvalid] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const set = <K extends keyof D>(key: K, value: D[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!options.complete(draft)) {
      setInvalid(true);
      toast({ title: ROLES_TEXT.missingTitle, description: options.missingText, variant: 'destructive' });
      return;
    }
    setInvalid(false);
    setServerError(null);
    options.mutate(draft, {
      onSuccess: (result) => {
        setDraft(options.empty);
        toast(options.succeeded(result));
      },
      onError: (error) => {
        setServerError(errorMessage(error));
        const { failedText } = options;
        toast({
          title: ROLES_TEXT.errorTitle,
          description: typeof failedText === 'function' ? failedText(error) : failedText,
          variant: 'destructive',
        });
      },
    });
  }

  /** Marks a required field invalid once a submit found it empty. */
  const missing = (empty: boolean) => invalid && empty;
  return { draft, set, submit, missing, serverError };
}

const COLUMNS = { 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' } as const;
const FULL_ROW = { 3: 'sm:col-span-2 lg:col-span-3', 4: 'sm:col-span-2 lg:col-span-4' } as const;

export function PanelForm({
  title,
  description,
  columns,
  onSubmit,
  submitLabel,
  pending,
  pendingLabel,
  serverError,
  children,
}: {
  title: string;
  description: ReactNode;
  columns: 3 | 4;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  pending: boolean;
  pendingLabel: string;
  serverError: string | null;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className={`grid gap-4 ${COLUMNS[columns]}`} onSubmit={onSubmit} noValidate>
          {children}
          <div className={columns === 3 ? 'flex items-end' : FULL_ROW[columns]}>
            <Button type="submit" disabled={pending}>
              {pending ? pendingLabel : submitLabel}
            </Button>
          </div>
          {serverError ? (
            <p className={`text-sm text-destructive ${FULL_ROW[columns]}`} role="alert">
              {serverError}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

/** A labelled field of a PanelForm; `span` widens it (2 columns, or the full row). */
export function Field({
  id,
  label,
  span,
  children,
}: {
  id: string;
  label: string;
  span?: 'two' | 'row';
  children: ReactNode;
}) {
  const width = span === 'two' ? 'sm:col-span-2' : span === 'row' ? 'sm:col-span-2 lg:col-span-4' : '';
  return (
    <div className={`grid content-start gap-1.5 ${width}`}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
