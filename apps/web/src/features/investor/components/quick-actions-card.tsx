import { ArrowLeftRight, Store } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** Quick Actions (SPEC §2): Place Order (/trading), Browse Market (/marketplace). */
export function QuickActionsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Button asChild>
          <Link href="/trading">
            <ArrowLeftRight aria-hidden /> Place Order
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/marketplace">
            <Store aria-hidden /> Browse Market
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
