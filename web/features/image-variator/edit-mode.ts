/** The morpher's edit modes (spec 2 §4): None, Crop, Inpaint and Extend, which exclude one another. */
import { EXTEND_AMOUNTS, EXTEND_DIRECTIONS } from '../../../contract/ai.ts';
import { defaultCrop, type CropRect, type Size } from './crop.ts';

export const EDIT_MODES = ['none', 'crop', 'inpaint', 'extend'] as const;
export type EditMode = (typeof EDIT_MODES)[number];
export const EDIT_MODE_LABELS: Record<EditMode, string> = { none: 'None', crop: 'Crop', inpaint: 'Inpaint', extend: 'Extend' };

export type ExtendDirection = (typeof EXTEND_DIRECTIONS)[number];
export type ExtendAmount = (typeof EXTEND_AMOUNTS)[number];

export interface EditState {
  mode: EditMode;
  crop: CropRect | null;
  /** True once something is painted on the inpaint mask. */
  hasMask: boolean;
  /** Bumped whenever the mask is thrown away, so the painting surface starts blank. */
  maskVersion: number;
  /** The edge picked in Extend mode, or null. */
  extension: ExtendDirection | null;
  extensionAmount: ExtendAmount;
}

export const initialEditState: EditState = {
  mode: 'none',
  crop: null,
  hasMask: false,
  maskVersion: 0,
  extension: null,
  extensionAmount: EXTEND_AMOUNTS[0],
};

const withoutMask = (state: EditState): EditState => (state.hasMask ? { ...state, hasMask: false, maskVersion: state.maskVersion + 1 } : state);

/**
 * Switching mode: None clears mask, crop and extension; Crop clears mask and extension (and starts with a crop of
 * the middle of the image); Inpaint clears crop and extension; Extend clears mask and crop.
 */
export function switchEditMode(state: EditState, mode: EditMode, image: Size | null): EditState {
  if (mode === state.mode) return state;
  switch (mode) {
    case 'none':
      return { ...withoutMask(state), mode, crop: null, extension: null };
    case 'crop':
      return { ...withoutMask(state), mode, crop: image ? defaultCrop(image) : null, extension: null };
    case 'inpaint':
      return { ...state, mode, crop: null, extension: null };
    case 'extend':
      return { ...withoutMask(state), mode, crop: null };
  }
}

/** A new source image (upload or Use as Source): no mask and no crop; Crop mode restarts on the new image. */
export function resetForNewSource(state: EditState, image: Size): EditState {
  const cleared = { ...withoutMask(state), extension: null };
  return { ...cleared, crop: state.mode === 'crop' ? defaultCrop(image) : null };
}

/** What the current mode adds to the morph request. */
export function editRequestFields(state: EditState): {
  cropData?: CropRect;
  useMask: boolean;
  extensionDirection?: ExtendDirection;
  extensionAmount?: ExtendAmount;
} {
  if (state.mode === 'crop' && state.crop) return { cropData: state.crop, useMask: false };
  if (state.mode === 'inpaint') return { useMask: state.hasMask };
  if (state.mode === 'extend' && state.extension) return { useMask: false, extensionDirection: state.extension, extensionAmount: state.extensionAmount };
  return { useMask: false };
}
