import { Wallet } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** A user with no cash, positions or orders: what to do first, instead of a screen of zeros. */
export function EmptyPortfolio() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <Wallet className="size-10 text-muted-foreground" aria-hidden />
        <h2 className="text-lg font-semibold">No holdings yet</h2>
        <p className="max-w-xl text-sm text-muted-foreground">
          Your portfolio is empty: no cash, positions or open orders. Once your account is funded, browse the market and
          place your first order; its value, P&amp;L, allocation and risk will appear here.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link href="/marketplace">Browse Market</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/trading">Place Order</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
