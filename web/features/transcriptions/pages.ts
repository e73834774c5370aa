export { TranscriptionPage, TranscriptionsPage } from './transcriptions-pages.tsx';
export { TranscriptionTool } from './transcription-tool.tsx';
