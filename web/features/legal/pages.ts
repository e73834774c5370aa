export { PrivacyPage, TermsPage } from './legal-pages.tsx';
