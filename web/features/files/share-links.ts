/** Share targets of the share dialog (spec 3 §2, §9): 8 platforms, each opened in a 600x400 popup (email via mailto:). */
import { APP_NAME } from '../../../contract/constants.ts';
import { SHARE_POPUP, type SharePlatform } from '../../../contract/files.ts';

export type SocialPlatform = Exclude<SharePlatform, 'copy'>;

export interface ShareContent {
  url: string;
  title: string;
  description: string;
  /** A preview image, used by Pinterest. */
  image?: string | null;
}

const q = encodeURIComponent;

/** The address that shares `content` on `platform`. */
export function shareLink(platform: SocialPlatform, { url, title, description, image }: ShareContent): string {
  const text = `${title} — ${description}`;
  switch (platform) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${q(url)}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${q(url)}&text=${q(text)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${q(url)}`;
    case 'whatsapp':
      return `https://wa.me/?text=${q(`${text} ${url}`)}`;
    case 'telegram':
      return `https://t.me/share/url?url=${q(url)}&text=${q(text)}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${q(url)}&title=${q(title)}`;
    case 'pinterest':
      return `https://pinterest.com/pin/create/button/?url=${q(url)}&description=${q(text)}${image ? `&media=${q(image)}` : ''}`;
    case 'email':
      return `mailto:?subject=${q(title)}&body=${q(`${description}\n\n${url}`)}`;
  }
}

/** Popup features: 600x400, centred on the current window. */
export function popupFeatures(screenLeft: number, screenTop: number, outerWidth: number, outerHeight: number): string {
  const left = Math.max(0, Math.round(screenLeft + (outerWidth - SHARE_POPUP.width) / 2));
  const top = Math.max(0, Math.round(screenTop + (outerHeight - SHARE_POPUP.height) / 2));
  return `popup=yes,width=${SHARE_POPUP.width},height=${SHARE_POPUP.height},left=${left},top=${top},noopener,noreferrer`;
}

/** Opens the share target: a 600x400 popup, or the mail app for email. */
export function openShare(platform: SocialPlatform, content: ShareContent): void {
  const link = shareLink(platform, content);
  if (platform === 'email') {
    window.location.href = link;
    return;
  }
  window.open(link, 'ampkit-share', popupFeatures(window.screenX, window.screenY, window.outerWidth, window.outerHeight));
}

/** 'generated_image' → 'generated image'. */
export const entityLabel = (entityType: string) => entityType.replaceAll('_', ' ');

/** The share text: 'Check out this generated image created with Ampkit'. */
export const shareDescription = (thing: string) => `Check out this ${thing} created with ${APP_NAME}`;

/** The social preview image of a file, as an absolute URL. */
export const fileSocialImage = (fileId: string) => `${window.location.origin}/api/files/og/${encodeURIComponent(fileId)}`;
