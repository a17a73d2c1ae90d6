import { CURRENCIES, fxConversionRequestSchema, type CashBalance, type Currency } from '@meridian/schemas';
import { Repeat } from 'lucide-react';
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
import { useConvertCash } from '@/entities/fx';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { formatCurrency } from '@/lib/format';

/** Convert currency: own cash into any platform currency at the latest ECB reference rate. */
export function ConvertCashDialog({ balances }: { balances: CashBalance[] }) {
  const held = balances.filter((b) => Number(b.available) > 0).map((b) => b.currency as Currency);
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState<Currency>(held[0] ?? 'USD');
  const [to, setTo] = useState<Currency>('EUR');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const convert = useConvertCash();
  const available = balances.find((b) => b.currency === from)?.available;

  const submit = () => {
    // "1,000.50" means 1000.50.
    const parsed = fxConversionRequestSchema.safeParse({ from, to, amount: amount.replaceAll(',', '').trim() });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check the amount');
    setProblem(null);
    convert.mutate(parsed.data, {
      onSuccess: (result) => {
        toast({
          title: 'Currency converted',
          description: `${formatCurrency(result.amount, result.from)} → ${formatCurrency(result.converted, result.to)} at ${result.rate} (ECB, ${result.rateDate})`,
        });
        setAmount('');
        setOpen(false);
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  if (held.length === 0) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <Repeat aria-hidden /> Convert currency
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Convert currency</DialogTitle>
          <DialogDescription>
            Your cash is exchanged at the latest European Central Bank reference rate, so you can pay for instruments in
            any currency.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="convert-from">From</Label>
            <Select value={from} onValueChange={(v) => setFrom(v as Currency)}>
              <SelectTrigger id="convert-from" aria-label="From currency">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {held.map((c) => (
                  <SelectItem key={c} value={c}>
                    {c}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="convert-to">To</Label>
            <Select value={to} onValueChange={(v) => setTo(v as Currency)}>
              <SelectTrigger id="convert-to" aria-label="To currency">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {CURRENCIES.map((c) => (
                  <SelectItem key={c} value={c}>
                    {c}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor="convert-amount">Amount ({from})</Label>
            <Input
              id="convert-amount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && submit()}
              aria-invalid={problem !== null}
              aria-describedby="convert-amount-help"
            />
            <p id="convert-amount-help" className="text-xs text-muted-foreground">
              {available ? `${formatCurrency(available, from)} available` : null}
            </p>
            {problem ? (
              <p className="text-sm text-destructive" role="alert">
                {problem}
              </p>
            ) : null}
          </div>
        </div>
        <DialogFooter>
          <Button onClick={submit} disabled={convert.isPending}>
            {convert.isPending ? 'Converting...' : 'Convert'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
