/** The Privacy Policy (spec 1 §9): what this product collects, who receives it, how long it is kept, and your rights. */
import { APP_NAME, CONTACT_EMAIL, SUPPORT_EMAIL } from '../../../contract/constants.ts';
import { List, MailLink, P, PageLink, Term, type LegalSection } from './legal-document.tsx';
import type { LegalOperator } from './operator.ts';

export const PRIVACY_TITLE = 'Privacy Policy';

export function privacyIntro({ entityName }: LegalOperator) {
  return (
    <P>
      This policy explains what {entityName} collects when you use {APP_NAME}, why, who receives it, how long we keep it, and the choices you
      have. In short: we collect what the tools need to work, we never sell your personal information, and your files stay yours.
    </P>
  );
}

export function privacySections({ entityName, jurisdiction }: LegalOperator): LegalSection[] {
  return [
    {
      id: 'who-we-are',
      title: 'Who we are',
      body: (
        <P>
          {APP_NAME} is operated by {entityName}, a company organised under the laws of {jurisdiction}. We are responsible for (the
          &ldquo;controller&rdquo; of) the personal information described here. You can reach us at <MailLink to={SUPPORT_EMAIL} />.
        </P>
      ),
    },
    {
      id: 'data-we-collect',
      title: 'Information we collect',
      body: (
        <List
          items={[
            <>
              <Term>Account data:</Term> your email address, your name, a password if you set one (stored only as a one-way hash), your role and when
              you signed in.
            </>,
            <>
              <Term>Payment data:</Term> card payments are processed by Stripe. <Term>We never see or store your card number.</Term> We keep a
              record of each purchase: the package, amount, currency, status, and Stripe&rsquo;s reference for it.
            </>,
            <>
              <Term>Uploaded content:</Term> the photos, audio and video you upload or record, your prompts and settings, and the results made from
              them (images, captions, transcripts and summaries).
            </>,
            <>
              <Term>Usage data:</Term> the generations you run (tool, settings, price, status and timing), your credit transactions, when you were
              last active, and your IP address in our server logs and with each sign-in link request, used for security and to enforce limits.
            </>,
            <>
              <Term>Visitor analytics:</Term> when you open the home page we record a visit with a random visitor id, the domain of the site that
              referred you (not the full address) and a hashed form of your IP address (hashed with a salt that changes regularly; we do not store
              the IP address itself with the visit). Known bots are ignored.
            </>,
            <>
              <Term>Telegram:</Term> if you link the bot, your Telegram user id, username and chat id, and what you send to the bot.
            </>,
            <>
              <Term>Messages to us:</Term> what you write when you contact support.
            </>,
          ]}
        />
      ),
    },
    {
      id: 'how-we-use',
      title: 'How we use it',
      body: (
        <List
          items={[
            'to run your account and the tools you use, and to show you your results, balance and history;',
            'to process purchases and keep the credit ledger that shows every change to your balance;',
            'to send you sign-in links, confirmations and notices about your jobs;',
            'to keep the service secure: prevent abuse, fraud and overuse, and investigate problems;',
            'to understand, in aggregate, how visitors find us and which tools are used, so we can improve them;',
            'to answer your messages and to meet our legal obligations.',
          ]}
        />
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and browser storage',
      body: (
        <>
          <P>
            We use only <Term>first-party cookies</Term>. There are no advertising cookies and no third-party analytics or tracking cookies.
          </P>
          <List
            items={[
              <>
                <Term>Session:</Term> keeps you signed in (HttpOnly, for the length of your session). The security (CSRF) token that protects your
                actions is tied to this session and held in the page&rsquo;s memory, not in a cookie of its own.
              </>,
              <>
                <Term>Closed banners:</Term> remembers which announcements you closed, for up to 365 days.
              </>,
              <>
                <Term>Visitor id:</Term> a random id that lets us count returning visitors without knowing who they are.
              </>,
            ]}
          />
          <P>
            Your browser&rsquo;s local storage also keeps a few preferences (such as your dashboard tab and tool settings) and your recent thumbnail
            and image history. They stay on your device; clearing your browser data removes them.
          </P>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      body: (
        <>
          <P>
            <Term>We do not sell your personal information</Term> and we do not share it for advertising. We share it only with the service
            providers that run {APP_NAME} for us, under contracts that limit their use of it:
          </P>
          <List
            items={[
              <>
                <Term>Cloud and storage providers</Term> that host our servers, database and file storage, and deliver our emails.
              </>,
              <>
                <Term>Payment provider:</Term> Stripe, which processes your card payment and receives your email address.
              </>,
              <>
                <Term>AI model providers:</Term> the provider that makes your result receives the input it needs (your image, audio, prompt or
                text): Google (Gemini), OpenAI or a compatible endpoint, Replicate for upscaling, and Deepgram for speech to text. When no provider is
                set up for a tool, our own local engine processes your input on our servers and nothing is sent out.
              </>,
              <>
                <Term>Analytics:</Term> our visitor analytics are first-party: they are recorded on our own servers and not shared with any analytics
                company.
              </>,
              <>
                <Term>Telegram</Term>, if you choose to use the bot: the messages between you and the bot pass through Telegram.
              </>,
            ]}
          />
          <P>
            We may also disclose information when the law requires it, to protect rights and safety, or as part of a merger or sale of our business,
            in which case this policy continues to apply.
          </P>
        </>
      ),
    },
    {
      id: 'ai-processing',
      title: 'How AI processing works',
      body: (
        <>
          <P>
            When you run a tool, your input goes only to the provider that makes that result, which processes it under its API terms to return the
            result to us. Each tool says before you start whether an AI provider or our local engine will make it. Checks that run before you pay,
            such as finding exactly one face in a headshot photo, run on our own servers.
          </P>
          <P>We do not use your content to train AI models, and we do not look at your files except when you ask for help or to deal with abuse.</P>
        </>
      ),
    },
    {
      id: 'public-content',
      title: 'Content you make public',
      body: (
        <P>
          Everything you create is private until you choose to share it. If you make an image or a caption public, anyone with its link can see it,
          and social apps can show a preview of it. You can make it private again or delete it at any time.
        </P>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <List
          items={[
            <>
              <Term>Images</Term> (uploaded and generated) are deleted automatically 30 days after they are created.
            </>,
            'Transcriptions and their audio are kept until you delete them. Saved captions are kept while your account exists; support deletes one on request.',
            'Account data is kept while your account exists. Sign-in links stop working after 30 minutes.',
            <>
              <Term>Usage data is kept for up to about 2 years</Term>, then deleted or made anonymous.
            </>,
            'Payment records are kept as long as tax and accounting law requires, even after an account is deleted (see below).',
            <>
              <Term>Data exports</Term> (the ZIP from &ldquo;Export my data&rdquo;) can be downloaded for 24 hours, then are deleted.
            </>,
          ]}
        />
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <P>
          We protect your data with encrypted connections, passwords and sign-in tokens stored only as hashes, HttpOnly session cookies, a check on
          every action that it comes from your own session, and access checks on every file. No system is perfectly secure; if we learn of a breach
          that affects you, we will tell you as the law requires.
        </P>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights and account controls',
      body: (
        <>
          <P>
            You can ask for <Term>access</Term> to your personal information, its <Term>correction</Term>, its <Term>deletion</Term>, a copy in a
            portable format (<Term>portability</Term>), and you can <Term>object</Term> to or ask us to restrict its use. Your account offers these
            controls:
          </P>
          <List
            items={[
              <>
                <Term>Update profile:</Term> change your name and email address on the <PageLink to="/dashboard">dashboard</PageLink>.
              </>,
              <>
                <Term>Change password:</Term> set, change or remove a password on the <PageLink to="/dashboard">dashboard</PageLink> (changing it
                signs out your other devices, which are listed there too); you can always sign in with an emailed link instead.
              </>,
              <>
                <Term>Manage billing:</Term> buy credits, and see every purchase (with Stripe&rsquo;s receipt) and every transaction on the{' '}
                <PageLink to="/dashboard">dashboard</PageLink>. There is no subscription to cancel, and your card details stay with Stripe.
              </>,
              <>
                <Term>Export my data:</Term> on the <PageLink to="/dashboard">dashboard</PageLink>, get a ZIP of your profile, credit history,
                purchases, generations with their prompts, transcriptions, captions and other texts, and your stored files. The download works for 24
                hours and only while you are signed in; then the ZIP is deleted.
              </>,
              <>
                <Term>Delete account:</Term> on the <PageLink to="/dashboard">dashboard</PageLink>, type your email address to confirm. This deletes at
                once your account, name and email address, sign-in sessions and links, files, generations and prompts, transcriptions, captions and
                other texts, your Telegram link, data exports and the visit records tied to you. Unused credits are forfeited. We keep your{' '}
                <Term>credit history and payment records</Term> (amounts, dates, payment status) because tax and accounting law requires it, but
                without your name, email address or account: they are tied only to a random anonymous number. We also keep a{' '}
                <Term>keyed hash of your email address</Term>, which cannot be turned back into the address, for one purpose only: so that signing up
                again with the same address does not give the sign-up credits a second time. Deletion waits while a checkout can still be paid (an
                unpaid one closes after 24 hours at most, or when you cancel it) or a generation is still running.
              </>,
              'Delete images one by one or all at once in the gallery, delete transcriptions, make shared items private, and unlink Telegram.',
            ]}
          />
          <P>For anything else, write to us. We answer within the time the law sets, and we may need to confirm that the request comes from you.</P>
        </>
      ),
    },
    {
      id: 'gdpr',
      title: 'Visitors from the EEA, UK and Switzerland (GDPR)',
      body: (
        <>
          <P>
            We process your information to perform our contract with you (running your account and the tools), for our legitimate interests
            (security, preventing abuse and aggregate analytics), to meet legal obligations (such as tax records), and with your consent where we ask
            for it. You may withdraw consent at any time.
          </P>
          <P>
            Some of our providers process data in the United States and other countries outside your own. When your information is transferred
            there, we rely on appropriate safeguards such as the European Commission&rsquo;s standard contractual clauses. You have the right to
            complain to your local data protection authority.
          </P>
        </>
      ),
    },
    {
      id: 'ccpa',
      title: 'California residents (CCPA)',
      body: (
        <P>
          California residents have the right to know what personal information we collect and how we use it, to have it deleted or corrected, and not
          to be treated differently for using these rights. The categories we collect are listed in section 2. <Term>We do not sell or share personal
          information</Term> as the California Consumer Privacy Act defines those words. You or an authorised agent can make a request at{' '}
          <MailLink to={SUPPORT_EMAIL} />.
        </P>
      ),
    },
    {
      id: 'children-changes-contact',
      title: 'Children, changes and contact',
      body: (
        <>
          <P>{APP_NAME} is for adults: you must be at least 18 to use it. We do not knowingly collect information from anyone younger; if we learn we have, we delete it.</P>
          <P>We may update this policy. The date at the top shows the latest version; if a change matters to you, we tell you by email or in the app first.</P>
          <P>
            Privacy questions and requests: <MailLink to={SUPPORT_EMAIL} />. General enquiries: <MailLink to={CONTACT_EMAIL} />.
          </P>
        </>
      ),
    },
  ];
}
