import type { ToolStatus } from '../../../contract/tools.ts';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { STATUS_LABELS } from './tool-filters.ts';

const TONES: Record<ToolStatus, BadgeTone> = {
  available: 'green',
  beta: 'violet',
  'coming-soon': 'amber',
  disabled: 'slate',
};

export function ToolStatusBadge({ status }: { status: ToolStatus }) {
  return <Badge tone={TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
