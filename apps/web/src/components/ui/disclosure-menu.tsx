import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

type Props = {
  /** The trigger's content and accessible name. */
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClassName: string;
  align?: 'start' | 'end';
  panelClassName?: string;
  /** The panel's content; `close` hides it (after a link is followed, for instance). */
  children: (close: () => void) => ReactNode;
};

/**
 * A button that shows a panel of links or actions below it (the WAI-ARIA disclosure pattern,
 * the one meant for site navigation). Escape closes it and puts focus back on the button; a
 * click or focus outside closes it. No popper library: the panel sits under its button.
 */
export function DisclosureMenu({
  trigger,
  triggerLabel,
  triggerClassName,
  align = 'start',
  panelClassName,
  children,
}: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className="relative"
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={triggerLabel}
        className={triggerClassName}
        onClick={() => setOpen((value) => !value)}
      >
        {trigger}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={cn(
          'absolute top-full z-50 mt-1.5 min-w-[12rem] rounded-md border bg-popover p-1 text-popover-foreground shadow-md',
          align === 'end' ? 'right-0' : 'left-0',
          panelClassName,
        )}
      >
        {open ? children(() => setOpen(false)) : null}
      </div>
    </div>
  );
}

/** One row of a disclosure panel: a link or a button, full width, with a visible focus ring. */
export const disclosureItemClass =
  'flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:shrink-0';
