/** Shell pages loaded lazily by the router. */
export { NotFoundPage } from './not-found-page.tsx';
