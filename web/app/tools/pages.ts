/** The tool page (it composes every tool's feature through the registry), loaded lazily by the router. */
export { ToolPage, TranscriptionToolRoute } from './tool-page.tsx';
