/** The Terms of Service (spec 1 §9), written for this product: credits bought by card, no subscription. */
import { APP_NAME, SUPPORT_EMAIL } from '../../../contract/constants.ts';
import { List, MailLink, P, PageLink, Term, type LegalSection } from './legal-document.tsx';
import type { LegalOperator } from './operator.ts';

export const TERMS_TITLE = 'Terms of Service';

export function termsIntro({ entityName }: LegalOperator) {
  return (
    <P>
      These terms are an agreement between you and {entityName} about your use of {APP_NAME}. Please read them, in particular section 10, which
      limits our liability, and section 11, which asks you to settle disputes by individual arbitration unless you opt out within 30 days.
    </P>
  );
}

export function termsSections({ entityName, jurisdiction }: LegalOperator): LegalSection[] {
  return [
    {
      id: 'agreement',
      title: 'Who we are and these terms',
      body: (
        <>
          <P>
            {APP_NAME} is operated by {entityName}, a company organised under the laws of {jurisdiction} (&ldquo;we&rdquo;, &ldquo;us&rdquo;). {APP_NAME} is a
            web app of AI tools for creators and marketers: image variations, mockups, headshots, thumbnails, captions and hashtags, audio
            transcription, AI photoshoots and image upscaling, together with a Telegram bot.
          </P>
          <P>
            By creating an account or using {APP_NAME} you accept these terms and our <PageLink to="/legal/privacy">Privacy Policy</PageLink>. If you
            do not agree, do not use the service.
          </P>
        </>
      ),
    },
    {
      id: 'eligibility',
      title: 'Eligibility and your account',
      body: (
        <>
          <P>
            You must be <Term>at least 18 years old</Term> to use {APP_NAME}. By using it you confirm that you are.
          </P>
          <P>
            You sign in with a link we email to you (each link works once and for 30 minutes), or with a password once your address is verified.
            Keep access to your email account and your password safe: anyone who can read your email can sign in as you. You are responsible for
            what happens in your account. Tell us at <MailLink to={SUPPORT_EMAIL} /> if you think someone else has used it.
          </P>
        </>
      ),
    },
    {
      id: 'credits',
      title: 'Credits, prices and payment',
      body: (
        <>
          <List
            items={[
              <>
                <Term>1 credit = $1.</Term> You buy credit packages by card and spend the credits per generation. There is{' '}
                <Term>no subscription</Term>: nothing renews and nothing is charged to your card unless you buy a package.
              </>,
              <>Each tool shows its price before you start. When you start a generation we hold its price from your balance and charge it only when the result is ready.</>,
              <>
                <Term>Failed generations are never charged.</Term> If a generation fails, is refused by the AI provider or times out, the held credits
                return to your balance automatically.
              </>,
              <>Transcriptions are priced per minute of audio: we hold the price of the recording&rsquo;s length when you start and charge only the minutes actually transcribed, never more than was held.</>,
              <>We may change prices and packages for the future. The price shown before a generation is the price you pay for it.</>,
              <>New accounts may receive free bonus credits to try the tools. Bonus credits are spent like bought ones and have no cash value.</>,
              <>Payments are processed by Stripe. Credits are added to your balance once the payment is confirmed.</>,
            ]}
          />
        </>
      ),
    },
    {
      id: 'refunds',
      title: 'Purchases are final; credits do not expire',
      body: (
        <>
          <P>
            <Term>Purchases of credit packages are final and non-refundable</Term>, except where the law gives you a right to a refund. In
            exchange, <Term>credits do not expire</Term>: they stay in your balance until you use them.
          </P>
          <P>
            If you believe you were charged in error, write to <MailLink to={SUPPORT_EMAIL} /> before contacting your bank. If a payment is
            refunded or disputed, the credits it bought are removed from your balance.
          </P>
        </>
      ),
    },
    {
      id: 'your-content',
      title: 'Your content',
      body: (
        <>
          <P>
            <Term>You own what you upload and the results made from it.</Term> You give us only the licence needed to run the service for you: to
            store your files, process them with the tools you choose (including sending them to the AI provider that makes the result), show them to
            you and, if you make an item public, show it to anyone with its link. This licence ends when the content is deleted.
          </P>
          <P>
            Everything you create is private until you make it public. <Term>Images are deleted automatically 30 days after they are created</Term>{' '}
            (the gallery counts down the last days), so download what you want to keep. Transcriptions and their audio stay until you delete them.
          </P>
          <P>You confirm that you have the rights and permissions needed for what you upload, including the consent of people shown in photos or heard in recordings.</P>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      body: (
        <>
          <P>Do not use {APP_NAME} to:</P>
          <List
            items={[
              'make or share anything illegal, or any sexual content involving minors;',
              'make sexual, degrading or deceptive images of a real person, or impersonate someone, without their consent;',
              'harass, threaten or defame anyone, or promote violence or hatred;',
              'infringe anyone’s copyright, trademark, privacy or other rights;',
              'spread malware, probe or attack the service, get around its limits, or access other accounts;',
              'scrape the service, resell access to it, or use it to build a competing service.',
            ]}
          />
          <P>We may refuse, remove or make private content that breaks these rules, and suspend accounts that break them.</P>
        </>
      ),
    },
    {
      id: 'ai-output',
      title: 'AI tools and their results',
      body: (
        <>
          <List
            items={[
              'AI results can be wrong, unexpected or similar to results made for others. Review every result before you publish or rely on it; you are responsible for how you use it.',
              'Transcripts, captions and summaries may contain mistakes. Check them, especially names, numbers and anything legal, medical or financial.',
              'When no AI provider is set up for a tool, a local engine on our servers makes a labelled preview instead; the tool says so before you start.',
              'We do not promise that a result is unique, fit for a particular purpose, or free of third-party rights.',
            ]}
          />
        </>
      ),
    },
    {
      id: 'telegram',
      title: 'The Telegram bot',
      body: (
        <P>
          You can link a Telegram chat to your account from the dashboard. Voice notes, audio, video and text you send to the bot are processed like
          requests on the website and paid from the same credit balance at the same prices; the bot also tells you when your jobs finish. Your use of
          Telegram is also governed by Telegram&rsquo;s own terms. You can unlink the chat at any time from the dashboard.
        </P>
      ),
    },
    {
      id: 'termination',
      title: 'Changes to the service, suspension and closing your account',
      body: (
        <>
          <P>
            We may add, change or withdraw tools. We may suspend or close an account that breaks these terms or puts the service or other users at
            risk; where we can, we tell you why first.
          </P>
          <P>
            You may stop using {APP_NAME} at any time and ask us to delete your account by writing to <MailLink to={SUPPORT_EMAIL} />. Unused
            credits are not refunded when an account is closed, except where the law requires it.
          </P>
        </>
      ),
    },
    {
      id: 'liability',
      title: 'Disclaimers and limitation of liability',
      body: (
        <>
          <P>
            {APP_NAME} is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. To the extent the law allows, we give no warranties beyond those in
            these terms, and we are not liable for indirect, incidental or consequential losses, lost profits or lost data.
          </P>
          <P>
            To the extent the law allows, <Term>our total liability for any claim is limited to the amount you paid us in the 12 months before the
            claim arose</Term>. Nothing in these terms limits liability that the law does not allow to be limited.
          </P>
        </>
      ),
    },
    {
      id: 'disputes',
      title: 'Disputes and arbitration',
      body: (
        <>
          <P>Please write to <MailLink to={SUPPORT_EMAIL} /> first: most problems are solved that way.</P>
          <P>
            If we cannot resolve a dispute informally, <Term>it will be settled by binding individual arbitration under consumer arbitration
            rules</Term>, not in court, except that either of us may bring an individual claim in small-claims court. Claims may be brought only
            individually, not as part of a class or representative action.
          </P>
          <P>
            <Term>You may opt out of arbitration within 30 days</Term> of first accepting these terms by e-mailing <MailLink to={SUPPORT_EMAIL} />{' '}
            with your name, the email address of your account and a statement that you opt out.
          </P>
          <P>
            <Term>Any claim must be filed within 1 year</Term> after it arose, or it is permanently barred, to the extent the law allows.
          </P>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: (
        <P>
          We may update these terms. The date at the top shows the latest version. If a change matters to you, we tell you by email or in the app
          before it takes effect. If you keep using {APP_NAME} after that, you accept the new terms; if you do not agree, stop using the service.
        </P>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing law and contact',
      body: (
        <>
          <P>
            These terms are governed by the laws of {jurisdiction}, without regard to its conflict-of-law rules, except where the law of your
            country of residence gives you protections that cannot be waived.
          </P>
          <P>
            Questions about these terms: {entityName}, <MailLink to={SUPPORT_EMAIL} />.
          </P>
        </>
      ),
    },
  ];
}
