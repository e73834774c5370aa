/**
 * The files area's signed-in page (the gallery), loaded lazily by the router. The shared file and content pages are
 * chunks of their own (web/router.tsx): a visitor opening a shared link loads neither the gallery nor what it opens.
 */
export { GalleryPage } from './gallery-page.tsx';
