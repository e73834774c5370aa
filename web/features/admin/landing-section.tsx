import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { AdminLoadError, AdminLoading } from './admin-states.tsx';
import { adminTestimonialsQuery, adminVideoQuery } from './faq-api.ts';
import { TestimonialsEditor } from './landing-testimonials.tsx';
import { VideoEditor } from './landing-video.tsx';

/** System Settings → Landing page (beyond the spec): the testimonials and the embedded video. */
export function LandingSection() {
  const testimonials = useQuery(adminTestimonialsQuery);
  const video = useQuery(adminVideoQuery);
  return (
    <Card aria-label="Landing page">
      <CardHeader title="Landing page" description="Testimonials and the video on the home page; each is hidden while empty." icon={<Megaphone className="size-5" aria-hidden />} />
      <CardBody className="space-y-8">
        {testimonials.isPending ? (
          <AdminLoading label="Loading the testimonials…" />
        ) : testimonials.isError ? (
          <AdminLoadError error={testimonials.error} />
        ) : (
          <TestimonialsEditor initial={testimonials.data} />
        )}
        {video.isPending ? <AdminLoading label="Loading the video…" /> : video.isError ? <AdminLoadError error={video.error} /> : <VideoEditor initial={video.data} />}
      </CardBody>
    </Card>
  );
}
