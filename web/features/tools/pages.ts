/** The tools area's pages, loaded lazily as one chunk by the router. */
export { LauncherPage, StartPage } from './launcher-page.tsx';
