import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Globe, Mail, MessageCircle, Pin, Send, Share2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { inputClasses } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { applyVisibility, fetchShareUrl, GALLERY_MESSAGES, recordShare, toggleVisibility } from './api.ts';
import { openShare, type SocialPlatform } from './share-links.ts';
import { fileKeys, type ShareKind } from '../../lib/query-keys.ts';

export const COPIED_FEEDBACK_MS = 2000;

export interface ShareTarget {
  kind: ShareKind;
  id: string;
  title: string;
  /** E.g. 'Check out this generated image created with Ampkit'. */
  description: string;
  isPublic: boolean;
  /** Preview image (absolute URL) for Pinterest. */
  image?: string | null;
}

const mark = (text: string) => <span className="text-sm leading-none font-bold">{text}</span>;
/**
 * Each platform's colour, deepened where white on the brand colour falls short of WCAG AA (issue 12): the letter
 * marks are text (4.5:1; Reddit's #ff4500 gave 3.4:1, Facebook's #1877f2 4.2:1), the icons graphics (3:1; WhatsApp's
 * #25d366 gave 2:1). White on each colour below is at least 4.5:1.
 */
const PLATFORMS: ReadonlyArray<{ id: SocialPlatform; label: string; className: string; icon: ReactNode }> = [
  { id: 'facebook', label: 'Facebook', className: 'bg-[#1464d2]', icon: mark('f') },
  { id: 'twitter', label: 'Twitter', className: 'bg-black', icon: mark('𝕏') },
  { id: 'linkedin', label: 'LinkedIn', className: 'bg-[#0a66c2]', icon: mark('in') },
  { id: 'whatsapp', label: 'WhatsApp', className: 'bg-[#0f7d47]', icon: <MessageCircle className="size-5" aria-hidden /> },
  { id: 'telegram', label: 'Telegram', className: 'bg-[#0e76a8]', icon: <Send className="size-5" aria-hidden /> },
  { id: 'reddit', label: 'Reddit', className: 'bg-[#ce3a00]', icon: mark('r/') },
  { id: 'pinterest', label: 'Pinterest', className: 'bg-[#e60023]', icon: <Pin className="size-5" aria-hidden /> },
  { id: 'email', label: 'Email', className: 'bg-slate-600', icon: <Mail className="size-5" aria-hidden /> },
];

async function copyText(text: string, field: HTMLInputElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    field?.select();
    if (!document.execCommand('copy')) throw new Error('Copy is not available');
  }
}

function ShareLinks({ target, onClose }: { target: ShareTarget; onClose: () => void }) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const link = useQuery({ queryKey: fileKeys.shareUrl(target.kind, target.id), queryFn: () => fetchShareUrl(target.kind, target.id), retry: false });
  const url = link.data?.share_url;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (!url) return;
    await copyText(url, field.current).then(() => setCopied(true), (error: unknown) => console.warn(error));
    recordShare(target.kind, target.id, 'copy');
  };

  const share = (platform: SocialPlatform) => {
    if (!url) return;
    recordShare(target.kind, target.id, platform);
    openShare(platform, { url, title: target.title, description: target.description, image: target.image });
  };

  return (
    <Dialog title="Share" description={target.description} icon={<Share2 className="size-5" aria-hidden />} onClose={onClose}>
      {link.isError ? (
        <Alert tone="error">{errorMessage(link.error, 'Failed to load the share link')}</Alert>
      ) : (
        <>
          <label htmlFor="share-link" className="mb-1.5 block text-sm font-medium text-slate-700">
            Link
          </label>
          <div className="flex gap-2">
            <input ref={field} id="share-link" readOnly value={url ?? ''} placeholder="Loading link…" className={inputClasses} onFocus={(e) => e.target.select()} />
            <Button variant={copied ? 'secondary' : 'outline'} onClick={() => void copy()} disabled={!url} icon={copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}>
              {copied ? 'Copied!' : 'Copy'}
            </Button>
          </div>
          <p className="mt-5 mb-2 text-sm font-medium text-slate-700">Share on</p>
          <ul className="grid grid-cols-4 gap-2">
            {PLATFORMS.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => share(p.id)}
                  disabled={!url}
                  className="flex w-full flex-col items-center gap-1.5 rounded-xl p-2 text-xs font-medium text-slate-700 transition-colors hover:bg-slate-100 disabled:opacity-50"
                >
                  <span className={`flex size-10 items-center justify-center rounded-full text-white ${p.className}`} aria-hidden>
                    {link.isPending ? <Spinner className="size-4" /> : p.icon}
                  </span>
                  {p.label}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}

/**
 * The share dialog (spec 3 §2, §4) for a file or a content item. A private item first asks whether to make it public;
 * confirming makes it public (checked with the server first, so a stale state never hides it again), then shares.
 */
export function ShareDialog({ target, onClose }: { target: ShareTarget; onClose: () => void }) {
  const client = useQueryClient();
  const [isPublic, setIsPublic] = useState(target.isPublic);
  const publish = useMutation({
    mutationFn: async () => {
      const current = await fetchShareUrl(target.kind, target.id);
      return current.is_public || (await toggleVisibility(target.kind, target.id));
    },
    onSuccess: (nowPublic) => {
      applyVisibility(client, target.kind, target.id, nowPublic);
      setIsPublic(nowPublic);
    },
  });

  if (isPublic) return <ShareLinks target={target} onClose={onClose} />;
  const noun = target.kind === 'files' ? 'file' : 'content';
  return (
    <ConfirmDialog
      tone="default"
      icon={<Globe className="size-5" aria-hidden />}
      title="Make it public to share?"
      message={`This ${noun} is private. To share it, it has to be public: anyone with the link will be able to see it. You can make it private again at any time.`}
      confirmLabel="Make public and share"
      busyLabel="Making public..."
      busy={publish.isPending}
      error={publish.isError ? GALLERY_MESSAGES.visibility : null}
      onConfirm={() => publish.mutate()}
      onCancel={onClose}
    />
  );
}
