import { FileSearch, LineChart, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

type Props = { onInvestigate: () => void; onAnalyse: () => void };

/** Quick Actions (SPEC §2): Review Reports, Investigate Violations, Market Analysis. */
export function QuickActionsCard({ onInvestigate, onAnalyse }: Props) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Button asChild variant="outline" className="justify-start">
          <Link href="/compliance">
            <FileSearch aria-hidden /> Review Reports
          </Link>
        </Button>
        <Button variant="outline" className="justify-start" onClick={onInvestigate}>
          <ShieldAlert aria-hidden /> Investigate Violations
        </Button>
        <Button variant="outline" className="justify-start" onClick={onAnalyse}>
          <LineChart aria-hidden /> Market Analysis
        </Button>
      </CardContent>
    </Card>
  );
}
