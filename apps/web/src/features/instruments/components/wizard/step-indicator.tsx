import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';
import { STEP_TITLES } from '../../lib/wizard-steps';

/** The five wizard steps with the current one highlighted and earlier ones ticked. */
export function StepIndicator({ current }: { current: number }) {
  return (
    <ol className="flex flex-wrap gap-x-6 gap-y-2" aria-label="Wizard steps">
      {STEP_TITLES.map((title, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li key={title} className="flex items-center gap-2 text-sm" aria-current={active ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-7 items-center justify-center rounded-full border text-xs font-semibold',
                active && 'border-primary bg-primary text-primary-foreground',
                done && 'border-success bg-success text-success-foreground',
              )}
            >
              {done ? <Check className="size-4" aria-hidden /> : index + 1}
            </span>
            <span className={cn(active ? 'font-semibold' : 'text-muted-foreground')}>{title}</span>
          </li>
        );
      })}
    </ol>
  );
}
