import { Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { nextThemePreference, setThemePreference, useThemePreference } from '@/lib/theme';

const ICONS = { system: Monitor, light: Sun, dark: Moon } as const;
const LABELS = { system: 'System', light: 'Light', dark: 'Dark' } as const;

/** Cycles the colour theme: system (follows the OS), light, dark; the choice is kept. */
export function ThemeToggle() {
  const preference = useThemePreference();
  const next = nextThemePreference(preference);
  const Icon = ICONS[preference];
  const label = `Theme: ${LABELS[preference]} (switch to ${LABELS[next]})`;
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={() => setThemePreference(next)}>
      <Icon />
    </Button>
  );
}
