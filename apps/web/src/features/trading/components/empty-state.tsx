import type { LucideIcon } from 'lucide-react';

/** A panel's empty state: icon, the SPEC's title text and a hint. */
export function EmptyState({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text?: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 py-10 text-center" role="status">
      <Icon className="size-8 text-muted-foreground" aria-hidden />
      <p className="text-sm font-medium">{title}</p>
      {text ? <p className="max-w-xs text-xs text-muted-foreground">{text}</p> : null}
    </div>
  );
}
