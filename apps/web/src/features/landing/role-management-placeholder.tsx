import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** SPEC §2: static placeholder whose Back to Main button goes back in history. */
export default function RoleManagementPlaceholder() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-14 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Role Management Interface</h1>
        <Button variant="outline" onClick={() => window.history.back()}>
          <ArrowLeft />
          Back to Main
        </Button>
      </CardContent>
    </Card>
  );
}
