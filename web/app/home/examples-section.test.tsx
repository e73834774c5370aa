// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ExamplesSection } from './examples-section.tsx';
import { EXAMPLES } from './examples.ts';

afterEach(cleanup);

describe('ExamplesSection', () => {
  it('shows each example as a slider with its tool, title and caption', () => {
    render(<ExamplesSection />);
    const section = screen.getByRole('region', { name: 'Before and after' });
    expect(within(section).getAllByRole('slider')).toHaveLength(EXAMPLES.length);
    expect(within(section).getByRole('slider', { name: 'Before and after: Video thumbnail with text' })).toBeTruthy();
    const figure = within(section).getByRole('heading', { level: 3, name: 'Video thumbnail with text' }).closest('figure')!;
    expect(figure.textContent).toContain('Thumbnail Generator');
    expect(figure.textContent).toContain('the local engine framed the 16:9 crop');
    expect(within(section).getByText('Upscaler')).toBeTruthy();
    expect(section.textContent).toContain('local engine');
  });

  it('is absent while there are no examples', () => {
    const { container } = render(<ExamplesSection examples={[]} />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('region', { name: 'Before and after' })).toBeNull();
  });
});
