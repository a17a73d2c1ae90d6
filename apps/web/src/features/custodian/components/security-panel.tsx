import type { CustodyAssets } from '@meridian/schemas';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const STATUS = {
  ok: { label: 'Active', variant: 'success' },
  attention: { label: 'Attention', variant: 'warning' },
  not_configured: { label: 'Not configured', variant: 'secondary' },
} as const;

/** Security and Compliance (SPEC §2): multi-sig, cold storage, insurance, audit — each from data or configuration. */
export function SecurityPanel({ controls }: { controls: CustodyAssets['controls'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Security and Compliance</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {controls.map((c) => (
            <li key={c.key} className="flex items-start justify-between gap-3" data-testid={`control-${c.key}`}>
              <div className="min-w-0">
                <div className="text-sm font-medium">{c.label}</div>
                <p className="text-xs text-muted-foreground">{c.detail}</p>
              </div>
              <Badge variant={STATUS[c.status].variant}>{STATUS[c.status].label}</Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
