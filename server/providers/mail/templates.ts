import { APP_NAME, MAGIC_LINK_TTL_MINUTES } from '../../../contract/constants.ts';
import type { MailMessage } from './mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function magicLinkMail(to: string, link: string): MailMessage {
  const subject = `Your ${APP_NAME} sign-in link`;
  const text = [
    `Sign in to ${APP_NAME}:`,
    link,
    '',
    `The link works once and for ${MAGIC_LINK_TTL_MINUTES} minutes.`,
    "If you did not ask for it, ignore this email: nobody can sign in without the link.",
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">
<h1 style="font-size:20px">Sign in to ${APP_NAME}</h1>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Sign in</a></p>
<p>Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p style="color:#555">The link works once and for ${MAGIC_LINK_TTL_MINUTES} minutes. If you did not ask for it, ignore this email.</p>
</body></html>`;
  return { to, subject, text, html };
}
