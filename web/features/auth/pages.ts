/** The auth area's pages, loaded lazily as one chunk by the router. */
export { SignInPage } from './sign-in-page.tsx';
export { MagicLinkPage } from './magic-link-page.tsx';
export { ConfirmEmailPage } from './confirm-email-page.tsx';
