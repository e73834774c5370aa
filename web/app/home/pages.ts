/** The home area's pages, loaded lazily as one chunk by the router. */
export { LandingPage } from './landing-page.tsx';
export { AboutPage } from './about-page.tsx';
export { ScreenshotPage } from './screenshot-page.tsx';
