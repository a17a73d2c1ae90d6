import { lazy, Suspense, useState } from 'react';
import { useToast } from '@/hooks/use-toast';

// The toast viewport (Radix Toast) loads with the first toast, not with the first page.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));

/** Mounts the toast viewport once the first toast is raised and keeps it from then on. */
export function ToastHost() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
