import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { LOADING_PLACEHOLDERS } from '../constants';

/** The 8 placeholder cards shown while the screen loads (SPEC §2). */
export function LoadingCards() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label="Loading">
      {Array.from({ length: LOADING_PLACEHOLDERS }, (_, index) => (
        <Card key={index} data-testid="loading-card">
          <CardContent className="flex flex-col gap-3 pt-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-8 w-32" />
            <Skeleton className="h-3 w-20" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
