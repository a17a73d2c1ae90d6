import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { elevationRequests, permissionGrants, permissions, users } from '../schema';

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
    await tx.insert(elevationRequests).values([
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
    ]);
  });
}
