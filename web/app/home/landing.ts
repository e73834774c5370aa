/**
 * The landing page's chunk, loaded lazily by the router for / (and /home): every other page is spared its code. A
 * visitor's / comes prerendered, so the page is on screen while this loads.
 */
export { HomeRoute } from './home-route.tsx';
export { LandingPage } from './landing-page.tsx';
