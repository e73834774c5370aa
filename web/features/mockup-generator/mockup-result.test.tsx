// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { mockupFilename } from './download-all.ts';
import { MockupResultView } from './mockup-result.tsx';

const png = () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } });
const result = {
  image: '/api/files/serve/m1',
  images: [
    { image: '/api/files/serve/m1', uuid: 'm1', style: 'laptop-screen' },
    { image: '/api/files/serve/m2', uuid: 'm2', style: 'poster' },
    { image: '/api/files/serve/m3', uuid: 'm3', style: 't-shirt' },
  ],
  credits_used: '1.5000',
  preview: false,
  text: null,
};

let saved: string[];
beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:mockup');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('mockupFilename', () => {
  it('names each image ampkit-mockup-{style}-{n}-{time}', () => {
    const at = new Date('2026-03-04T10:00:00Z');
    expect(mockupFilename('t-shirt', 2, at, 'image/png')).toBe('ampkit-mockup-t-shirt-3-20260304-100000.png');
    expect(mockupFilename('poster', 0, at, 'image/jpeg')).toBe('ampkit-mockup-poster-1-20260304-100000.jpg');
  });
});

describe('Mockup result: Download all', () => {
  it('downloads every image in turn under its own ampkit- name', async () => {
    const calls = stubFetch(routes({ 'GET /api/files/download/m1': png, 'GET /api/files/download/m2': png, 'GET /api/files/download/m3': png }));
    render(<MockupResultView result={result} onAgain={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download all (3)' }));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(calls.map((c) => c.url)).toEqual(['/api/files/download/m1', '/api/files/download/m2', '/api/files/download/m3']);
    expect(saved[0]).toMatch(/^ampkit-mockup-laptop-screen-1-\d{8}-\d{6}\.png$/);
    expect(saved[1]).toMatch(/^ampkit-mockup-poster-2-/);
    expect(saved[2]).toMatch(/^ampkit-mockup-t-shirt-3-/);
    expect(new Set(saved).size).toBe(3);
    await screen.findByRole('button', { name: 'Download all (3)' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps going past a failed image and says which could not be saved', async () => {
    stubFetch(routes({ 'GET /api/files/download/m1': png, 'GET /api/files/download/m2': () => fail(404, 'NOT_FOUND', 'File not found'), 'GET /api/files/download/m3': png }));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<MockupResultView result={result} onAgain={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download all (3)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('1 mockup could not be downloaded. Try its own Download button.');
    expect(saved).toHaveLength(2);
  });

  it('is not offered for a single mockup (its own Download is enough)', () => {
    stubFetch(routes({}));
    render(<MockupResultView result={{ ...result, images: result.images.slice(0, 1) }} onAgain={() => {}} />);
    expect(screen.queryByRole('button', { name: /Download all/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download Laptop screen mockup' })).toBeTruthy();
  });
});
