import { ArrowRight, BarChart2, FileCheck2, Globe2, ShieldAlert, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';
import { useListedInstrumentCount, useSystemStatus } from '../api/landing-queries';

type LinkCard = { href: string; title: string; description: string; icon: LucideIcon; stat?: 'listings' | 'activity' };

const LINK_CARDS: readonly LinkCard[] = [
  {
    href: '/marketplace',
    title: 'Market Overview',
    description: 'Listed instruments with price, yield, rating and volume.',
    icon: Globe2,
    stat: 'listings',
  },
  {
    href: '/marketplace',
    title: 'Network Activity',
    description: 'Where orders meet: browse the book and trade.',
    icon: BarChart2,
    stat: 'activity',
  },
  {
    href: '/risk',
    title: 'Risk Metrics',
    description: 'VaR, DV01, exposures, limits and stress scenarios.',
    icon: ShieldAlert,
  },
  {
    href: '/compliance',
    title: 'Compliance Status',
    description: 'Regulatory reports and their generation status.',
    icon: FileCheck2,
  },
];

/** Link cards of the landing page (SPEC §2): to the marketplace, risk and compliance screens. */
export function LinkCards() {
  const listings = useListedInstrumentCount();
  const status = useSystemStatus().data;
  const stats = {
    listings: listings === undefined ? undefined : `${formatNumber(listings)} listed instruments`,
    activity: status?.ordersPerSecond == null ? undefined : `${formatNumber(status.ordersPerSecond, 1)} orders/s now`,
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {LINK_CARDS.map(({ href, title, description, icon: Icon, stat }) => (
        <Link
          key={title}
          href={href}
          className="group rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Card className="h-full transition-colors group-hover:border-primary/40">
            <CardContent className="flex h-full items-start gap-3 p-5">
              <span className="rounded-lg bg-accent p-2 text-accent-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="grid flex-1 gap-1">
                <span className="flex items-center gap-1 font-semibold">
                  {title}
                  <ArrowRight className="size-4 opacity-0 transition-opacity group-hover:opacity-100" aria-hidden />
                </span>
                <span className="text-sm text-muted-foreground">{description}</span>
                {stat && stats[stat] ? <span className="text-sm font-medium tabular-nums">{stats[stat]}</span> : null}
              </span>
            </CardContent>
          </Card>
        </Link>
      ))}
    </div>
  );
}
