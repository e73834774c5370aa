export { GalleryPage, SharedFilePage } from './files-pages.tsx';
