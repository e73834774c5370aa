import { FaqSection } from './faq-section.tsx';
import { LandingSection } from './landing-section.tsx';
import { PackagesSection } from './packages-section.tsx';
import { PricingSection } from './pricing-section.tsx';
import { ProviderStatusSection } from './provider-status-section.tsx';
import { TelegramSection } from './telegram-section.tsx';
import { TranscriptionSettingsSection } from './transcription-settings-section.tsx';

/** System Settings (spec 3 §2): the AI providers and the settings their failures say to change (issue 25), transcription provider and price, the Telegram bot, the pricing table, and beyond the spec the credit packages, the FAQ and the landing page's testimonials and video. */
export function SettingsTab() {
  return (
    <div className="space-y-8">
      <ProviderStatusSection />
      <TranscriptionSettingsSection />
      <TelegramSection />
      <PricingSection />
      <PackagesSection />
      <FaqSection />
      <LandingSection />
    </div>
  );
}
