import { Shield } from 'lucide-react';
import { PlaceholderPage } from '../../components/ui/placeholder-page.tsx';

/** /admin (behind AdminRoute). The admin issue fills it in. */
export function AdminPage() {
  return (
    <PlaceholderPage title="Admin" description="Users, tools, pricing, notifications and statistics." icon={Shield}>
      The admin area is on its way.
    </PlaceholderPage>
  );
}
