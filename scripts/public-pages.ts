/**
 * The public pages a visitor can land on, as the page-budget gate (scripts/check-page-budgets.ts) and the Lighthouse
 * benchmark (scripts/bench/lighthouse.ts) measure them on the real server (e2e/server.ts), and the one page among
 * them that needs data: a shared file, made here through the API as a user would make it.
 */
import type { RunningServer } from '../e2e/server.ts';
import { makePng } from '../server/test-support/media.ts';

/** Each public page once (/terms and /privacy are HTTP redirects to the legal pages); `/file` stands for a shared file. */
export const PUBLIC_PAGES = ['/', '/about', '/tools', '/start', '/legal/terms', '/legal/privacy', '/file'] as const;

/** How a shared file's address is printed (its id changes with every run). */
export const pageLabel = (page: string) => (page.startsWith('/file/') ? '/file/{uuid}' : page);

type ServerWithMail = Pick<RunningServer, 'url' | 'smtp'>;

/** A signed-in user's cookies, through the real magic-link flow. */
async function signIn(server: ServerWithMail, email: string): Promise<{ cookies: string; csrf: string }> {
  await fetch(`${server.url}/api/auth/magic-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  const { token } = await server.smtp.magicLinkFor(email, { consume: true });
  const res = await fetch(`${server.url}/api/auth/verify-magic`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, name: 'Page check' }),
  });
  const body = (await res.json()) as { data: { csrf_token: string } };
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { cookies, csrf: body.data.csrf_token };
}

/** Uploads a picture and makes it public: the address of its shared-file page. */
export async function sharedFilePage(server: ServerWithMail): Promise<string> {
  const { cookies, csrf } = await signIn(server, 'shared-page@example.com');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await makePng(1024, 768))], { type: 'image/png' }), 'sample.png');
  const upload = await fetch(`${server.url}/api/files/upload`, { method: 'POST', headers: { cookie: cookies, 'x-csrf-token': csrf }, body: form });
  if (!upload.ok) throw new Error(`Could not upload the sample file: ${upload.status} ${await upload.text()}`);
  const { data } = (await upload.json()) as { data: { file: { id: string } } };
  const shared = await fetch(`${server.url}/api/files/${data.file.id}/toggle-visibility`, { method: 'POST', headers: { cookie: cookies, 'x-csrf-token': csrf } });
  if (!shared.ok) throw new Error(`Could not make the sample file public: ${shared.status} ${await shared.text()}`);
  return `/file/${data.file.id}`;
}

/** The addresses to visit: `/file` becomes a freshly shared file's page, the rest stay as they are. */
export async function resolvePages(server: ServerWithMail, pages: readonly string[]): Promise<string[]> {
  const file = pages.includes('/file') ? await sharedFilePage(server) : null;
  return pages.map((page) => (page === '/file' ? file! : page));
}
