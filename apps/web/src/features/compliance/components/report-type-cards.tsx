import type { ReportType } from '@meridian/schemas';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { REPORT_TYPE_CARDS } from '../lib/report-catalogue';

type Props = { selected: ReportType | ''; onSelect: (type: ReportType) => void };

/** The six report types; Select puts the type into the form. */
export function ReportTypeCards({ selected, onSelect }: Props) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {REPORT_TYPE_CARDS.map((card) => (
        <Card
          key={card.type}
          data-testid={`report-card-${card.type}`}
          className={selected === card.type ? 'ring-2 ring-primary' : undefined}
        >
          <CardHeader>
            <CardTitle>{card.title}</CardTitle>
            <CardDescription>
              {card.kind} · {card.frequency}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" size="sm" onClick={() => onSelect(card.type)} aria-label={`Select ${card.title}`}>
              Select
            </Button>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
