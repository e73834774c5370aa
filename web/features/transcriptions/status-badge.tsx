import type { TranscriptionStatus } from '../../../contract/transcriptions.ts';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';

const TONES: Record<TranscriptionStatus, BadgeTone> = { pending: 'slate', processing: 'violet', completed: 'green', failed: 'amber' };
const LABELS: Record<TranscriptionStatus, string> = { pending: 'Pending', processing: 'Processing', completed: 'Completed', failed: 'Failed' };

export function StatusBadge({ status }: { status: TranscriptionStatus }) {
  return <Badge tone={TONES[status]}>{LABELS[status]}</Badge>;
}
