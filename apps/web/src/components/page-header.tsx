import type { ReactNode } from 'react';

type Props = { title: string; description?: ReactNode; actions?: ReactNode; badge?: ReactNode };

/** Title row of a screen with optional description, badge and header links/actions. */
export function PageHeader({ title, description, actions, badge }: Props) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {badge}
        </div>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
