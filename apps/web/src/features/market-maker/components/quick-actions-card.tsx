import type { LiquidityPool } from '@meridian/schemas';
import { BookOpen, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { AdjustSpreadsDialog } from './adjust-spreads-dialog';

/** Quick Actions (SPEC §2): Add Liquidity, View Orderbook, Adjust Spreads. */
export function QuickActionsCard({ pools }: { pools: LiquidityPool[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Button asChild size="sm">
          <Link href="/trading">
            <Plus aria-hidden /> Add Liquidity
          </Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link href="/marketplace">
            <BookOpen aria-hidden /> View Orderbook
          </Link>
        </Button>
        <AdjustSpreadsDialog pools={pools} />
      </CardContent>
    </Card>
  );
}
