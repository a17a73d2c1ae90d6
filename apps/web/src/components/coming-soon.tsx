import { Construction } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from './page-header';

type Props = { title: string; summary: string };

/** A screen that is routed but not built yet: says so plainly inside the real layout. */
export function ComingSoon({ title, summary }: Props) {
  return (
    <section aria-labelledby="coming-soon-title">
      <PageHeader title={title} />
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <Construction className="size-10 text-muted-foreground" aria-hidden />
          <h2 id="coming-soon-title" className="text-lg font-semibold">
            Coming soon
          </h2>
          <p className="max-w-xl text-sm text-muted-foreground">
            The {title} screen is not available yet. {summary}
          </p>
          <Button asChild variant="outline" size="sm">
            <Link href="/">Back to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}

/** Route-table helper: a component rendering ComingSoon for one screen. */
export function comingSoon(title: string, summary: string) {
  function ComingSoonScreen() {
    return <ComingSoon title={title} summary={summary} />;
  }
  ComingSoonScreen.displayName = `ComingSoon(${title})`;
  return ComingSoonScreen;
}
