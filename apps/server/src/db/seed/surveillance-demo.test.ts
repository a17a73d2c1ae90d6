import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelPrices } from '../../modules/instruments/service';
import { RULE_PARAMETERS } from '../../modules/surveillance/rules';
import { createTestApp, type TestApp } from '../../test/harness';
import { instruments, orders, surveillanceCases, trades } from '../schema';
import {
  priceAt,
  SCENARIO,
  scenarioDay,
  seedSurveillanceDemo,
  SURVEILLANCE_DEMO_INSTRUMENT,
} from './surveillance-demo';

const DAY = 86_400_000;

// Issue 11: the demo's manipulative patterns are orders through the engine, and the cases come
// from the surveillance rules reading them — nothing here or in the seed writes a case.
describe('surveillance demo seed', () => {
  let t: TestApp;
  // A day whose closing window ended long ago, whatever the time of the run.
  const now = new Date(Date.now() - DAY);
  let listing: { id: string; name: string };

  beforeAll(async () => {
    t = await createTestApp();
    [listing] = (await t.db.select({ id: instruments.id, name: instruments.name }).from(instruments)).filter((i) =>
      i.name.startsWith(SURVEILLANCE_DEMO_INSTRUMENT),
    ) as [{ id: string; name: string }];
    await seedSurveillanceDemo(t.db, now);
    await t.app.surveillance.runNow();
  }, 240_000);
  afterAll(() => t.close());

  it('trades through the engine on the previous day, and only once', async () => {
    const made = await t.db.select().from(trades).where(eq(trades.instrumentId, listing.id));
    const day = scenarioDay(now);
    expect(made.every((tr) => tr.createdAt.toISOString().startsWith(day))).toBe(true);
    // Every unit placed by a buyer (all buys fill in full) is a unit traded.
    const bought = SCENARIO.flatMap((s) => s.commands).reduce(
      (n, c) => n + ('place' in c && c.side === 'buy' && c.bp !== -10 ? c.units : 0n),
      0n,
    );
    expect(made.reduce((n, tr) => n + tr.quantity, 0n)).toBe(bought);
    const spoof = (await t.db.select().from(orders).where(eq(orders.instrumentId, listing.id))).filter(
      (o) => o.status === 'cancelled',
    );
    expect(spoof).toHaveLength(1);
    await seedSurveillanceDemo(t.db, now);
    expect(await t.db.select().from(trades).where(eq(trades.instrumentId, listing.id))).toHaveLength(made.length);
  });

  it('the five rules each find their pattern', async () => {
    const cases = await t.db.select().from(surveillanceCases).where(eq(surveillanceCases.instrumentId, listing.id));
    const byRule = new Map(cases.map((c) => [c.rule, c]));
    expect([...byRule.keys()].sort()).toEqual([
      'concentration',
      'marking_close',
      'price_ramping',
      'spoofing',
      'wash_trade',
    ]);
    expect(byRule.get('wash_trade')!.severity).toBe('High');
    // Spoofing: 120 bid units withdrawn after a 10-unit sell fill = 12x (5x Medium, 20x High).
    expect(byRule.get('spoofing')!.evidence.figures).toMatchObject({ sizeMultiple: `${120 / 10}x` });
    expect(byRule.get('spoofing')!.severity).toBe(
      12 >= Number(RULE_PARAMETERS.spoofing.highSizeMultiple) ? 'High' : 'Medium',
    );
    // Concentration: Helvetic's 4 × 25 aggressive units of the day's total.
    const total = (await t.db.select().from(trades).where(eq(trades.instrumentId, listing.id))).reduce(
      (n, tr) => n + tr.quantity,
      0n,
    );
    expect(byRule.get('concentration')!.evidence.figures).toMatchObject({
      takerQuantity: '100',
      dayQuantity: String(total),
    });
    // Ramping: the last ladder price against the spoofing fill at the model price.
    const [model] = await modelPrices(t.db, eq(instruments.id, listing.id));
    const move = Number(priceAt(model!.price!, 1200) - priceAt(model!.price!, 0)) / Number(priceAt(model!.price!, 0));
    expect(byRule.get('price_ramping')!.severity).toBe(
      move >= RULE_PARAMETERS.price_ramping.highMove ? 'High' : 'Medium',
    );
    expect(byRule.get('marking_close')!.evidence.tradeIds.length).toBeGreaterThan(0);
  });
});
