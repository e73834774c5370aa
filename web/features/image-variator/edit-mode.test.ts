// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { editRequestFields, initialEditState, resetForNewSource, switchEditMode, type EditState } from './edit-mode.ts';

const image = { width: 1000, height: 500 };

/** A state with everything set at once (never reachable in the UI), to see what each switch clears. */
const everything: EditState = {
  mode: 'none',
  crop: { x: 10, y: 10, width: 100, height: 100 },
  hasMask: true,
  maskVersion: 3,
  extension: 'left',
  extensionAmount: 100,
};

describe('edit modes are exclusive (spec 2 §4)', () => {
  it('None clears mask, crop and extension', () => {
    const next = switchEditMode({ ...everything, mode: 'crop' }, 'none', image);
    expect(next).toMatchObject({ mode: 'none', crop: null, hasMask: false, extension: null });
    expect(next.maskVersion).toBe(4);
  });

  it('Crop clears mask and extension, and starts with the middle 80% of the image', () => {
    const next = switchEditMode(everything, 'crop', image);
    expect(next).toMatchObject({ mode: 'crop', hasMask: false, extension: null, crop: { x: 100, y: 50, width: 800, height: 400 } });
    expect(next.maskVersion).toBe(4);
  });

  it('Inpaint clears crop and extension but keeps the mask', () => {
    const next = switchEditMode(everything, 'inpaint', image);
    expect(next).toMatchObject({ mode: 'inpaint', crop: null, extension: null, hasMask: true, maskVersion: 3 });
  });

  it('Extend clears mask and crop but keeps the picked edge', () => {
    const next = switchEditMode(everything, 'extend', image);
    expect(next).toMatchObject({ mode: 'extend', crop: null, hasMask: false, extension: 'left', extensionAmount: 100 });
  });

  it('choosing the current mode again changes nothing', () => {
    const state = { ...everything, mode: 'inpaint' as const };
    expect(switchEditMode(state, 'inpaint', image)).toBe(state);
  });

  it('a new source image clears mask and crop (Crop mode restarts on the new image)', () => {
    const crop = resetForNewSource({ ...everything, mode: 'crop' }, { width: 200, height: 100 });
    expect(crop).toMatchObject({ mode: 'crop', hasMask: false, extension: null, crop: { x: 20, y: 10, width: 160, height: 80 } });
    expect(resetForNewSource({ ...everything, mode: 'inpaint' }, image)).toMatchObject({ mode: 'inpaint', crop: null, hasMask: false });
  });

  it('only the current mode reaches the request', () => {
    expect(editRequestFields({ ...everything, mode: 'crop' })).toEqual({ cropData: everything.crop, useMask: false });
    expect(editRequestFields({ ...everything, mode: 'inpaint' })).toEqual({ useMask: true });
    expect(editRequestFields({ ...everything, mode: 'extend' })).toEqual({ useMask: false, extensionDirection: 'left', extensionAmount: 100 });
    expect(editRequestFields({ ...everything, mode: 'extend', extension: null })).toEqual({ useMask: false });
    expect(editRequestFields({ ...everything, mode: 'none' })).toEqual({ useMask: false });
    expect(editRequestFields(initialEditState)).toEqual({ useMask: false });
  });
});
