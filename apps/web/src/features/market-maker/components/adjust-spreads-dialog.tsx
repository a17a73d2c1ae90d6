import { adjustSpreadsSchema, LIQUIDITY_MESSAGES, type LiquidityPool } from '@meridian/schemas';
import { SlidersHorizontal } from 'lucide-react';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useAdjustSpreads } from '@/entities/liquidity';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { DEFAULT_SPREAD_BP } from '../constants';

const ALL = 'all';

/** Adjust Spreads: edits the quoting programme's spread; the provider requotes on its next round. */
export function AdjustSpreadsDialog({ pools }: { pools: LiquidityPool[] }) {
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<string>(ALL);
  const [spread, setSpread] = useState(String(DEFAULT_SPREAD_BP));
  const [problem, setProblem] = useState<string | null>(null);
  const adjust = useAdjustSpreads();

  const submit = () => {
    const parsed = adjustSpreadsSchema.safeParse({
      instrumentId: target === ALL ? undefined : target,
      spreadBp: Number(spread),
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? LIQUIDITY_MESSAGES.spreadRange);
    setProblem(null);
    adjust.mutate(parsed.data, {
      onSuccess: (result) => {
        toast({
          title: LIQUIDITY_MESSAGES.spreadsUpdatedTitle,
          description: `${result.updated} programme${result.updated === 1 ? '' : 's'} now quote ${result.spreadBp} bp`,
        });
        setOpen(false);
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <SlidersHorizontal aria-hidden /> Adjust Spreads
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Adjust Spreads</DialogTitle>
          <DialogDescription>
            The quoted spread, bid to ask, around the mid. Quotes are replaced on the provider&apos;s next round.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="spread-target">Pair</Label>
            <Select value={target} onValueChange={setTarget}>
              <SelectTrigger id="spread-target" aria-label="Pair">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All pairs</SelectItem>
                {pools.map((p) => (
                  <SelectItem key={p.instrumentId} value={p.instrumentId}>
                    {p.pair} ({p.targetSpreadBp} bp)
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="spread-bp">Spread (bp)</Label>
            <Input
              id="spread-bp"
              inputMode="numeric"
              value={spread}
              onChange={(e) => setSpread(e.target.value)}
              aria-invalid={problem !== null}
            />
            {problem ? <p className="text-sm text-destructive">{problem}</p> : null}
          </div>
        </div>
        <DialogFooter>
          <Button onClick={submit} disabled={adjust.isPending}>
            {adjust.isPending ? 'Saving...' : 'Apply'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
