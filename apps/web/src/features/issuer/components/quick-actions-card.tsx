import { Plus, Store } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** Quick Actions (SPEC §2): New Instrument and View Market. */
export function QuickActionsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-sm font-medium text-muted-foreground">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Button asChild size="sm">
          <Link href="/create-instrument">
            <Plus aria-hidden /> New Instrument
          </Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link href="/marketplace">
            <Store aria-hidden /> View Market
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
