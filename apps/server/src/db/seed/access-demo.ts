import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { approvals, elevationRequests, permissionGrants, permissions, users } from '../schema';

const DAY = 86_400_000;

/** A direct grant and a few elevation requests, so the access screens start populated. */
export async function seedAccessDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const userId = async (email: string) =>
      (await tx.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
    const permissionRowId = async (id: string) =>
      (await tx.select({ id: permissions.id }).from(permissions).where(eq(permissions.permissionId, id)))[0]!.id;

    const compliance = await userId('compliance@meridian.test');
    const investor = await userId('investor@meridian.test');
    const custodian = await userId('custodian@meridian.test');
    if (!compliance || !investor || !custodian) return;

    const regulatoryData = await permissionRowId('view_regulatory_data');
    const [existingGrant] = await tx
      .select({ id: permissionGrants.id })
      .from(permissionGrants)
      .where(and(eq(permissionGrants.userId, compliance), eq(permissionGrants.permissionId, regulatoryData)));
    if (!existingGrant) {
      await tx.insert(permissionGrants).values({
        userId: compliance,
        permissionId: regulatoryData,
        conditions: { scope: 'read_only', purpose: 'quarterly supervisory review' },
        expiresAt: new Date(Date.now() + 90 * DAY),
      });
    }

    const [anyRequest] = await tx.select({ id: elevationRequests.id }).from(elevationRequests).limit(1);
    if (anyRequest) return;
    const requests = await tx
      .insert(elevationRequests)
      .values([
        {
          userId: investor,
          permissionId: await permissionRowId('provide_liquidity'),
          requestReason: 'Quote the City of Lakeport notes during book-building',
          justification: 'The designated market maker is out until Monday; the desk head approved cover.',
          requestedDuration: 8,
          urgencyLevel: 'high',
          status: 'pending',
        },
        {
          userId: custodian,
          permissionId: await permissionRowId('approve_elevations'),
          requestReason: 'Approve settlement-team elevations over the weekend',
          justification: 'No administrator on call on Saturday.',
          requestedDuration: 48,
          urgencyLevel: 'low',
          status: 'rejected',
          decidedAt: new Date(),
        },
      ])
      .returning();
    // The pending request waits on an approval like any made through the API (one approver
    // at or above Market Maker level: provide_liquidity is high risk, not multi-sig).
    const pending = requests.find((r) => r.status === 'pending')!;
    await tx.insert(approvals).values({
      kind: 'access.elevation',
      subjectId: pending.id,
      summary: `investor@meridian.test requests provide_liquidity for ${pending.requestedDuration} h`,
      requestedBy: investor,
      requiredApprovers: 1,
      minApproverLevel: 6,
      expiresAt: new Date(Date.now() + DAY),
    });
  });
}
