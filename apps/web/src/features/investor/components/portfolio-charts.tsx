import type { PortfolioAnalytics } from '@meridian/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { assetClassShares, holdingShares, topShares } from '@/entities/portfolio';
import { HOLDINGS_SHOWN } from '../constants';
import { ShareDonut } from './share-donut';

/** Portfolio Allocation (Bonds, Equities, Derivatives, Cash) and Holdings Distribution donuts (SPEC §2). */
export function PortfolioCharts({ analytics }: { analytics: PortfolioAnalytics }) {
  const allocation = assetClassShares(analytics);
  const { shares, notConverted } = holdingShares(analytics);
  const footnote = (
    <p className="mt-3 text-xs text-muted-foreground">
      Shares of market value in {analytics.currency}
      {notConverted.length ? ` · no FX rate for ${notConverted.join(', ')}: not included` : ''}
    </p>
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Portfolio Allocation</CardTitle>
        </CardHeader>
        <CardContent>
          <ShareDonut shares={allocation} currency={analytics.currency} label="Portfolio allocation by asset class" />
          {footnote}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Holdings Distribution</CardTitle>
        </CardHeader>
        <CardContent>
          <ShareDonut
            shares={topShares(shares, HOLDINGS_SHOWN)}
            currency={analytics.currency}
            label="Holdings distribution"
          />
          {footnote}
        </CardContent>
      </Card>
    </div>
  );
}
