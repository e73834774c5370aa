import { useState } from 'react';
import { siteVideoSchema, type SiteVideo } from '../../../contract/site.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { adminWriteError } from './admin-errors.ts';
import { useSaveVideo } from './faq-api.ts';

export const EMBED_RULE = 'Use an embed address: https://www.youtube-nocookie.com/embed/…, https://www.youtube.com/embed/… or https://player.vimeo.com/video/…';

/** The landing page's video: an embed address from YouTube or Vimeo and a title; cleared, the section is hidden. */
export function VideoEditor({ initial }: { initial: SiteVideo | null }) {
  const [url, setUrl] = useState(initial?.url ?? '');
  const [title, setTitle] = useState(initial?.title ?? '');
  const [errors, setErrors] = useState<{ url?: string; title?: string }>({});
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveVideo();

  const submit = () => {
    const parsed = siteVideoSchema.safeParse({ url: url.trim(), title });
    if (!parsed.success) {
      const found: { url?: string; title?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'title' ? 'title' : 'url';
        found[key] ??= key === 'title' ? 'Title is required' : EMBED_RULE;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate({ video: parsed.data }, { onSuccess: () => setSaved('Video saved.') });
  };

  const clear = () => {
    setErrors({});
    save.mutate(
      { video: null },
      {
        onSuccess: () => {
          setUrl('');
          setTitle('');
          setSaved('Video removed: the section is hidden on the landing page.');
        },
      },
    );
  };

  return (
    <section aria-labelledby="video-heading" className="space-y-4">
      <h3 id="video-heading" className="text-sm font-semibold text-slate-900">
        Video
      </h3>
      <TextField label="Embed address" type="url" value={url} onChange={(e) => (setUrl(e.target.value), setSaved(null))} error={errors.url} hint={EMBED_RULE} placeholder="https://www.youtube-nocookie.com/embed/…" />
      <TextField label="Video title" value={title} onChange={(e) => (setTitle(e.target.value), setSaved(null))} error={errors.title} />
      {save.isError && <Alert tone="error">{adminWriteError(save.error, 'Failed to save the video')}</Alert>}
      {saved && <Alert tone="success">{saved}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button onClick={submit} loading={save.isPending}>
          Save video
        </Button>
        {initial && (
          <Button variant="outline" onClick={clear} disabled={save.isPending}>
            Remove video
          </Button>
        )}
      </div>
    </section>
  );
}
