// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_EMAIL } from '../../../contract/constants.ts';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { renderPage } from '../../test-support/render.tsx';
import { PrivacyPage } from './privacy-page.tsx';
import { TermsPage } from './terms-page.tsx';
import { LEGAL_DEFAULTS } from './operator.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const operator = { entity_name: 'Northwind Media GmbH', jurisdiction: 'the Federal Republic of Germany' };

const siteAnswers = () => stubFetch(routes({ 'GET /api/site': () => ok({ legal: operator }) }));

/** The article's text with whitespace collapsed, so phrases can be matched across line breaks in the source. */
const text = () => screen.getByRole('article').textContent!.replace(/\s+/g, ' ');

const sectionHeadings = () => screen.getAllByRole('heading', { level: 2 });

function expectThirteenSections() {
  const headings = sectionHeadings();
  expect(headings).toHaveLength(13);
  headings.forEach((heading, index) => expect(heading.textContent).toMatch(new RegExp(`^${index + 1}\\. `)));
  // The table of contents links to every section by its id.
  const toc = screen.getByRole('navigation', { name: 'Table of contents' });
  const links = within(toc).getAllByRole('link');
  expect(links).toHaveLength(13);
  for (const link of links) {
    const id = link.getAttribute('href')!.split('#')[1]!;
    expect(document.getElementById(id)?.tagName).toBe('SECTION');
  }
  expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
}

describe.each([
  ['Terms of Service', TermsPage, '/legal/terms'],
  ['Privacy Policy', PrivacyPage, '/legal/privacy'],
])('%s', (title, Page, path) => {
  it('has 13 numbered sections, a table of contents and a fixed last-updated date', async () => {
    siteAnswers();
    renderPage(<Page />, path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expectThirteenSections();
    expect(screen.getByText((_, el) => el?.tagName === 'TIME' && el.getAttribute('datetime') === '2026-11-24')).toBeTruthy();
    expect(document.title).toContain(title);
  });

  it('names the operator and jurisdiction from /api/site', async () => {
    const calls = siteAnswers();
    renderPage(<Page />, path);
    await waitFor(() => expect(text()).toContain('operated by Northwind Media GmbH, a company organised under the laws of the Federal Republic of Germany'));
    expect(text()).not.toContain(LEGAL_DEFAULTS.entityName);
    expect(calls.map((c) => c.url)).toContain('/api/site');
  });

  it('shows the defaults (Ampkit LLC, New Mexico) when /api/site fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = stubFetch(routes({ 'GET /api/site': () => fail(500, 'INTERNAL', 'boom') }));
    renderPage(<Page />, path);
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Legal settings could not be read; showing the defaults', expect.anything()));
    expect(calls.map((c) => c.url)).toContain('/api/site');
    expect(LEGAL_DEFAULTS).toEqual({ entityName: 'Ampkit LLC', jurisdiction: 'the State of New Mexico, USA' });
    expect(text()).toContain('operated by Ampkit LLC, a company organised under the laws of the State of New Mexico, USA');
  });

  it('keeps the default for a setting the server leaves empty', async () => {
    stubFetch(routes({ 'GET /api/site': () => ok({ legal: { entity_name: ' ', jurisdiction: 'the State of Delaware, USA' } }) }));
    renderPage(<Page />, path);
    await waitFor(() => expect(text()).toContain('operated by Ampkit LLC, a company organised under the laws of the State of Delaware, USA'));
  });

  it('moves to a section when its table-of-contents link is clicked', async () => {
    siteAnswers();
    const { router } = renderPage(<Page />, path);
    const toc = screen.getByRole('navigation', { name: 'Table of contents' });
    const third = within(toc).getAllByRole('link')[2]!;
    fireEvent.click(third);
    const id = third.getAttribute('href')!.split('#')[1]!;
    expect(router.state.location).toMatchObject({ pathname: path, hash: `#${id}` });
    // The same link again (after scrolling away) scrolls back to its section.
    const scrolled = vi.fn();
    document.getElementById(id)!.scrollIntoView = scrolled;
    fireEvent.click(third);
    expect(scrolled).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  });
});

describe('Terms of Service text', () => {
  it('states every fact of spec 1 §9 and the product rules', () => {
    siteAnswers();
    renderPage(<TermsPage />, '/legal/terms');
    const terms = text();
    for (const phrase of [
      'at least 18 years old',
      'binding individual arbitration under consumer arbitration rules',
      `opt out of arbitration within 30 days of first accepting these terms by e-mailing ${SUPPORT_EMAIL}`,
      'Any claim must be filed within 1 year',
      'limited to the amount you paid us in the 12 months before the claim arose',
      'governed by the laws of the State of New Mexico, USA',
      '1 credit = $1.',
      'no subscription',
      'Purchases of credit packages are final and non-refundable',
      'credits do not expire',
      'Failed generations are never charged.',
      'Images are deleted automatically 30 days after they are created',
      'You own what you upload and the results made from it.',
      'You give us only the licence needed to run the service for you',
      'Do not use Ampkit to:',
      'AI results can be wrong',
      'link a Telegram chat to your account',
      'We may update these terms.',
    ]) {
      expect(terms, phrase).toContain(phrase);
    }
    expect(screen.getAllByRole('link', { name: SUPPORT_EMAIL })[0]!.getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
  });
});

describe('Privacy Policy text', () => {
  it('lists what is collected and shared, retention, rights with GDPR and CCPA notes, and the account controls', () => {
    siteAnswers();
    renderPage(<PrivacyPage />, '/legal/privacy');
    const policy = text();
    for (const phrase of [
      'Account data:',
      'Payment data: card payments are processed by Stripe. We never see or store your card number.',
      'Uploaded content:',
      'Usage data:',
      'the domain of the site that referred you',
      'a hashed form of your IP address',
      'first-party cookies',
      'Session:',
      'Closed banners:',
      'Visitor id:',
      'no third-party analytics',
      'Cloud and storage providers',
      'Payment provider: Stripe',
      'AI model providers: the provider that makes your result',
      'our own local engine processes your input on our servers and nothing is sent out',
      'Analytics: our visitor analytics are first-party',
      'We do not sell your personal information',
      'deleted automatically 30 days after they are created',
      'Usage data is kept for up to about 2 years',
      'access',
      'correction',
      'deletion',
      'portability',
      'object',
      '(GDPR)',
      '(CCPA)',
      'We do not sell or share personal information',
      'Update profile:',
      'Change password:',
      'Manage billing:',
      'Delete account:',
      'you must be at least 18',
    ]) {
      expect(policy, phrase).toContain(phrase);
    }
  });
});
