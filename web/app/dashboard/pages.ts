/** The dashboard area's pages, loaded lazily as one chunk by the router. */
export { DashboardPage } from './dashboard-page.tsx';
