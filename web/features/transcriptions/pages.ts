export { TranscriptionPage, TranscriptionsPage } from './transcriptions-pages.tsx';
