/** The home area's other pages, loaded lazily as one chunk by the router (the landing page is landing.ts). */
export { AboutPage } from './about-page.tsx';
export { ScreenshotPage } from './screenshot-page.tsx';
