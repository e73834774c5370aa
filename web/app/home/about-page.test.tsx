// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, jsonResponse, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { renderPage } from '../../test-support/render.tsx';
import { AboutPage } from './about-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const faqs = [
  { id: 1, question: 'Do credits expire?', answer: 'No. Credits stay in your balance until you use them.' },
  { id: 2, question: 'Am I charged when a generation fails?', answer: 'Never.\nThe held credits return to your balance.' },
];

function show(answer: () => Response | Promise<Response>) {
  const calls = stubFetch(routes({ 'GET /api/faqs': answer }));
  renderPage(<AboutPage />, '/about');
  return calls;
}

const faqSection = () => screen.getByRole('region', { name: 'Frequently asked questions' });

describe('AboutPage', () => {
  it('keeps the vision, how it works, values and promise, with the FAQ section at #faq', () => {
    show(() => ok({ faqs }));
    const h2s = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2s).toEqual(['Our vision', 'How it works', 'What we stand for', 'Frequently asked questions', 'Our promise']);
    for (const step of ['You start', 'We amplify', 'You publish']) expect(screen.getByRole('heading', { level: 3, name: step })).toBeTruthy();
    expect(faqSection().id).toBe('faq');
  });

  it('asks for category all in English, says it is loading, then lists the questions closed', async () => {
    let answer!: (response: Response) => void;
    const calls = show(() => new Promise<Response>((resolve) => (answer = resolve)));
    expect(within(faqSection()).getByRole('status').textContent).toContain('Loading FAQs');
    answer(ok({ faqs }));
    const first = await screen.findByRole('button', { name: 'Do credits expire?' });
    expect(calls.map((c) => c.url)).toEqual(['/api/faqs?category=all&language=en']);
    expect(screen.getByRole('button', { name: 'Am I charged when a generation fails?' })).toBeTruthy();
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(first.getAttribute('aria-controls')!)!.hidden).toBe(true);
    expect(first.closest('h3')).toBeTruthy();
  });

  it('opens and closes an answer', async () => {
    show(() => ok({ faqs }));
    const question = await screen.findByRole('button', { name: 'Am I charged when a generation fails?' });
    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    const answer = screen.getByRole('region', { name: 'Am I charged when a generation fails?' });
    expect(answer.id).toBe(question.getAttribute('aria-controls'));
    expect(answer.hidden).toBe(false);
    expect(answer.textContent).toBe('Never.\nThe held credits return to your balance.');
    // The other answer stays closed.
    expect(screen.getByRole('button', { name: 'Do credits expire?' }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(answer.hidden).toBe(true);
  });

  it("shows 'Error loading FAQs: {message}' with the server's message", async () => {
    show(() => fail(503, 'SERVICE_UNAVAILABLE', 'Database unreachable'));
    expect((await screen.findByRole('alert')).textContent).toBe('Error loading FAQs: Database unreachable');
  });

  it('shows the non-JSON message when the answer is not JSON', async () => {
    show(() => new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error loading FAQs: Server configuration error - API not returning JSON');
  });

  it('reads an unreadable answer as an error, not as an empty list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    show(() => jsonResponse({ success: true, data: { faqs: [{ id: 1 }] } }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error loading FAQs: Unexpected answer from the server');
  });

  it("says 'No FAQs available for this category.' when there are none", async () => {
    show(() => ok({ faqs: [] }));
    expect(await within(faqSection()).findByText('No FAQs available for this category.')).toBeTruthy();
    expect(within(faqSection()).queryByRole('button')).toBeNull();
  });
});
