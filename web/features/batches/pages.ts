/** The batches area's page (issue 28), loaded lazily by the router: /batches/:uuid. */
export { BatchPage } from './batch-page.tsx';
