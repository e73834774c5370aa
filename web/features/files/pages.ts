/** The files area's pages (gallery, shared file, shared content), loaded lazily as one chunk by the router. */
export { GalleryPage } from './gallery-page.tsx';
export { SharedFilePage } from './shared-file-page.tsx';
export { ContentPage } from './content-page.tsx';
