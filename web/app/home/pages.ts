/** The home area's pages, loaded lazily as one chunk by the router. */
export { HomeRoute } from './home-route.tsx';
export { LandingPage } from './landing-page.tsx';
export { AboutPage } from './about-page.tsx';
