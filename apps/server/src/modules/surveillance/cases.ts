import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { instruments, surveillanceCases, type CaseEvidence } from '../../db/schema';
import { recordAudit } from '../audit/record';
import type { Detection } from './rules';

/** The most ids and timeline entries one case keeps (the earliest ones: how it started). */
export const EVIDENCE_LIMIT = 100;

const participantOrg = (participant: string) => (participant.startsWith('user:') ? null : participant);

function merge(into: CaseEvidence, d: Detection): CaseEvidence {
  const unique = (a: string[], b: string[]) => [...new Set([...a, ...b])].slice(0, EVIDENCE_LIMIT);
  return {
    figures: { ...into.figures, ...d.figures },
    orderIds: unique(into.orderIds, d.orderIds),
    tradeIds: unique(into.tradeIds, d.tradeIds),
    timeline: [...into.timeline, ...d.timeline].slice(0, EVIDENCE_LIMIT * 2),
  };
}

const SEVERITY_RANK = { Low: 0, Medium: 1, High: 2 } as const;

/** Shown in a case's figures when its instrument is in default. */
export const DEFAULTED_FIGURE = 'Defaulted: the issuer missed a scheduled payment';

/**
 * Detections on an instrument in default (servicing recorded a missed payment) carry it in their
 * figures and are raised as High: trading around a credit event is what an investigator looks
 * at first (possible use of inside information about the issuer's ability to pay).
 */
async function withCreditEvents(tx: Tx, detections: Detection[]): Promise<Detection[]> {
  const ids = [...new Set(detections.map((d) => d.instrumentId))];
  const defaulted = new Set(
    (
      await tx
        .select({ id: instruments.id })
        .from(instruments)
        .where(and(inArray(instruments.id, ids), eq(instruments.status, 'defaulted')))
    ).map((r) => r.id),
  );
  if (defaulted.size === 0) return detections;
  return detections.map((d) =>
    defaulted.has(d.instrumentId)
      ? { ...d, severity: 'High', figures: { ...d.figures, instrumentStatus: DEFAULTED_FIGURE } }
      : d,
  );
}

/**
 * Raises a case per new dedupe key, or adds the evidence to the existing case (escalating its
 * severity, reopening nothing: a resolved case stays resolved). New cases are audited.
 */
export async function persistDetections(tx: Tx, detections: Detection[], now: Date): Promise<number> {
  if (detections.length === 0) return 0;
  const merged = new Map<string, Detection>();
  for (const d of await withCreditEvents(tx, detections)) {
    const prior = merged.get(d.dedupeKey);
    if (!prior) merged.set(d.dedupeKey, { ...d });
    else {
      const evidence = merge(prior, d);
      merged.set(d.dedupeKey, {
        ...prior,
        ...evidence,
        severity: SEVERITY_RANK[d.severity] > SEVERITY_RANK[prior.severity] ? d.severity : prior.severity,
      });
    }
  }
  const existing = await tx
    .select()
    .from(surveillanceCases)
    .where(inArray(surveillanceCases.dedupeKey, [...merged.keys()]));
  const byKey = new Map(existing.map((c) => [c.dedupeKey, c]));
  const created: { id: string; d: Detection }[] = [];
  for (const d of merged.values()) {
    const current = byKey.get(d.dedupeKey);
    const evidence: CaseEvidence = {
      figures: d.figures,
      orderIds: [...new Set(d.orderIds)].slice(0, EVIDENCE_LIMIT),
      tradeIds: [...new Set(d.tradeIds)].slice(0, EVIDENCE_LIMIT),
      timeline: d.timeline.slice(0, EVIDENCE_LIMIT * 2),
    };
    if (current) {
      await tx
        .update(surveillanceCases)
        .set({
          evidence: merge(current.evidence, d),
          severity: SEVERITY_RANK[d.severity] > SEVERITY_RANK[current.severity] ? d.severity : current.severity,
          updatedAt: now,
        })
        .where(inArray(surveillanceCases.id, [current.id]));
      continue;
    }
    const id = randomUUID();
    created.push({ id, d });
    await tx.insert(surveillanceCases).values({
      id,
      rule: d.rule,
      dedupeKey: d.dedupeKey,
      severity: d.severity,
      organisationId: participantOrg(d.participant),
      subjectUserId: d.subjectUserId,
      instrumentId: d.instrumentId,
      summary: d.summary,
      evidence,
      detectedAt: now,
      updatedAt: now,
    });
  }
  await recordAudit(
    tx,
    created.map(({ id, d }) => ({
      action: 'surveillance.case.open',
      authorisedBy: 'job:surveillance',
      subjectType: 'surveillance_case',
      subjectId: id,
      before: null,
      after: { rule: d.rule, severity: d.severity, instrumentId: d.instrumentId, status: 'investigating' },
      occurredAt: now,
    })),
  );
  return created.length;
}
