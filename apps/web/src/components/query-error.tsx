import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/utils';

type Props = {
  /** What failed to load, read after "Could not load": "the order book". */
  what: string;
  error: unknown;
  /** Asks again (a query's refetch). */
  onRetry: () => void;
  /** Inside a card already: no card of its own. */
  inline?: boolean;
  className?: string;
};

/** A failed query: what could not be loaded, why, and a Retry button (issue 13 item 5). */
export function QueryError({ what, error, onRetry, inline = false, className }: Props) {
  const body = (
    <div className={cn('flex flex-wrap items-center justify-between gap-3 text-sm', inline && className)}>
      <p className="text-destructive" role="alert">
        Could not load {what}: {errorMessage(error)}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw />
        Retry
      </Button>
    </div>
  );
  if (inline) return body;
  return (
    <Card className={className}>
      <CardContent className="py-6">{body}</CardContent>
    </Card>
  );
}
