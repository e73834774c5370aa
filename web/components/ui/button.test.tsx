import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';
import { cn } from './cn.ts';

describe('Button classes', () => {
  // The gallery's Clear and the dashboard's Log out are red outline buttons: the caller's colour must win over the
  // variant's own, whatever order the stylesheet happens to list the two classes in.
  it("keeps the caller's text colour and border instead of the variant's", () => {
    render(
      <Button variant="outline" className="border-red-200 text-red-600">
        Clear
      </Button>,
    );
    const classes = screen.getByRole('button', { name: 'Clear' }).classList;
    expect(classes).toContain('text-red-600');
    expect(classes).toContain('border-red-200');
    expect(classes).not.toContain('text-slate-700');
    expect(classes).not.toContain('border-slate-300');
    // The variant's other classes stay.
    expect(classes).toContain('bg-white');
    expect(classes).toContain('border');
  });

  it('keeps the variant defaults when the caller adds nothing that conflicts', () => {
    render(<Button variant="outline">Cancel</Button>);
    const classes = screen.getByRole('button', { name: 'Cancel' }).classList;
    expect(classes).toContain('text-slate-700');
    expect(classes).toContain('border-slate-300');
  });
});

describe('cn', () => {
  it('skips falsy values and lets the later conflicting class win', () => {
    expect(cn('px-2 text-sm', false, null, undefined, 'px-4')).toBe('text-sm px-4');
  });
});
