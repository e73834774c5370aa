import { FileImage, Images } from 'lucide-react';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../shell/placeholder-page.tsx';

/** /gallery (signed in). The gallery issue fills it in. */
export function GalleryPage() {
  return (
    <PlaceholderPage title="Gallery" description="Everything you have generated, in one place." icon={Images}>
      Your generated images will appear here.
    </PlaceholderPage>
  );
}

/** /file/:uuid (anyone): a shared file. The sharing issue fills it in. */
export function SharedFilePage() {
  const { uuid = '' } = useParams();
  return (
    <PlaceholderPage title="Shared file" description={`File ${uuid}`} icon={FileImage}>
      Shared files will be shown here.
    </PlaceholderPage>
  );
}
