/** The files area's pages, loaded lazily as one chunk by the router. */
export { GalleryPage } from './gallery-page.tsx';
export { SharedFilePage } from './shared-file-page.tsx';
