import { Newspaper } from 'lucide-react';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../shell/placeholder-page.tsx';

/** /content/:id. The content issue fills it in. */
export function ContentPage() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage title="Content" description={`Content ${id}`} icon={Newspaper}>
      This content will be shown here.
    </PlaceholderPage>
  );
}
