import { FileAudio, Library } from 'lucide-react';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page.tsx';

/** /transcriptions (also the library view). The transcription issue fills it in. */
export function TranscriptionsPage() {
  return (
    <PlaceholderPage title="Transcriptions" description="Your library of transcriptions: search, filter and reuse them." icon={Library}>
      Your transcriptions will appear here.
    </PlaceholderPage>
  );
}

/** /transcriptions/:uuid. */
export function TranscriptionPage() {
  const { uuid = '' } = useParams();
  return (
    <PlaceholderPage title="Transcription" description={`Transcription ${uuid}`} icon={FileAudio}>
      Transcription details will appear here.
    </PlaceholderPage>
  );
}
