import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

/** Honest empty state inside a landing card: why there is no figure, and what to do. */
export function CardMessage({ children, signIn = false }: { children: ReactNode; signIn?: boolean }) {
  return (
    <div className="flex flex-col items-start gap-3 py-2 text-sm text-muted-foreground">
      <p>{children}</p>
      {signIn ? (
        <Button asChild size="sm" variant="outline">
          <Link href="/sign-in">Sign in</Link>
        </Button>
      ) : null}
    </div>
  );
}
