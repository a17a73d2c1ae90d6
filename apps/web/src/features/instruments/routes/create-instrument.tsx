import { LayoutDashboard } from 'lucide-react';
import { Link } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { PermissionGate } from '@/components/permission-gate';
import { Button } from '@/components/ui/button';
import { InstrumentWizard } from '../components/wizard/instrument-wizard';

/** Create ACTUS Instrument (/create-instrument), gated by create_instruments (SPEC §2, §6). */
export default function CreateInstrumentPage() {
  return (
    <section>
      <PageHeader
        title="Create ACTUS Instrument"
        description="Define an ACTUS-compliant financial instrument, preview its cash flows and issue it."
        actions={
          <Button asChild variant="outline">
            <Link href="/issuer">
              <LayoutDashboard aria-hidden /> Issuer Dashboard
            </Link>
          </Button>
        }
      />
      <PermissionGate permissions={['create_instruments']}>
        <InstrumentWizard />
      </PermissionGate>
    </section>
  );
}
