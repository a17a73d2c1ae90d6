import { capitalBaseUpdateSchema, type RiskMetrics } from '@meridian/schemas';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSetCapitalBase } from '@/entities/risk';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';

type Base = NonNullable<RiskMetrics['capital']>['base'];
const FIELDS = [
  { key: 'cet1', label: 'Common Equity Tier 1 (USD)' },
  { key: 'additionalTier1', label: 'Additional Tier 1 (USD)' },
  { key: 'tier2', label: 'Tier 2 (USD)' },
] as const;

/** Edit capital base: the organisation's CET1, AT1 and Tier 2 (needs manage_risk_limits; audited). */
export function CapitalBaseDialog({ base }: { base: Base }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Base>(base);
  const [problems, setProblems] = useState<Partial<Record<keyof Base, string>>>({});
  const save = useSetCapitalBase();

  const submit = () => {
    // "1,000,000.50" means 1000000.50.
    const parsed = capitalBaseUpdateSchema.safeParse(
      Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.replaceAll(',', '').trim()])),
    );
    if (!parsed.success) {
      setProblems(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message])));
      return;
    }
    setProblems({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Capital base saved', description: 'Basel III figures recomputed.' });
        setOpen(false);
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) }),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setValues(base);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <Pencil aria-hidden /> Edit capital base
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Capital base</DialogTitle>
          <DialogDescription>
            Regulatory capital of your organisation, in USD. Ratios, RWA coverage and stress capital impacts are
            recomputed from it; the change is written to the audit trail.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          {FIELDS.map((field) => (
            <div key={field.key} className="grid gap-2">
              <Label htmlFor={`capital-${field.key}`}>{field.label}</Label>
              <Input
                id={`capital-${field.key}`}
                inputMode="decimal"
                value={values[field.key]}
                onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.target.value }))}
                aria-invalid={problems[field.key] !== undefined}
                aria-describedby={problems[field.key] ? `capital-${field.key}-error` : undefined}
              />
              {problems[field.key] ? (
                <p id={`capital-${field.key}-error`} className="text-sm text-destructive">
                  {problems[field.key]}
                </p>
              ) : null}
            </div>
          ))}
        </div>
        <DialogFooter>
          <Button onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
