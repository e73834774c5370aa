// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCEPT_IMAGES, UPLOAD_TYPE_ERROR } from '../../lib/image-resize.ts';
import { useImageUpload, type ImageUploadOptions } from './use-image-upload.ts';

afterEach(cleanup);

const file = (name: string, type = 'image/png', size = 10) => new File([new Uint8Array(size)], name, { type });

/** What a tool prepares in the browser: here, the file's name and size (a real tool decodes and draws it). */
const named = async (f: File) => ({ name: f.name, bytes: f.size });

function setup(options: Partial<ImageUploadOptions<{ name: string; bytes: number }>> = {}) {
  return renderHook(() => useImageUpload({ prepare: named, ...options }));
}

describe('useImageUpload', () => {
  it('keeps one image by default: a new pick replaces it, only the first file of a pick counts', async () => {
    const onAdded = vi.fn();
    const { result } = setup({ onAdded });
    await act(() => result.current.choose([file('a.png'), file('b.png')]));
    expect(result.current.images.map((i) => i.name)).toEqual(['a.png']);
    expect(result.current.image?.name).toBe('a.png');
    await act(() => result.current.choose([file('c.jpg', 'image/jpeg')]));
    expect(result.current.images.map((i) => i.name)).toEqual(['c.jpg']);
    expect(onAdded).toHaveBeenLastCalledWith([{ name: 'c.jpg', bytes: 10 }]);
    expect(result.current.problems).toEqual([]);
  });

  it('refuses a type other than PNG, JPG or WEBP with the upload message, keeping the image it has', async () => {
    const onPick = vi.fn();
    const { result } = setup({ onPick });
    await act(() => result.current.choose([file('a.png')]));
    await act(() => result.current.choose([file('movie.gif', 'image/gif')]));
    expect(result.current.problems).toEqual([UPLOAD_TYPE_ERROR]);
    expect(result.current.image?.name).toBe('a.png');
    expect(onPick).toHaveBeenCalledTimes(2);
    // A file the browser gave no type goes by its extension.
    await act(() => result.current.choose([file('photo.webp', '')]));
    expect(result.current.problems).toEqual([]);
    expect(result.current.image?.name).toBe('photo.webp');
  });

  it('refuses a file over maxBytes with the tool’s message before preparing it', async () => {
    const prepare = vi.fn(named);
    const { result } = setup({ prepare, maxBytes: 100, tooLarge: (f) => `${f.name} is too big` });
    await act(() => result.current.choose([file('big.png', 'image/png', 101)]));
    expect(result.current.problems).toEqual(['big.png is too big']);
    expect(prepare).not.toHaveBeenCalled();
    await act(() => result.current.choose([file('ok.png', 'image/png', 100)]));
    expect(result.current.image?.name).toBe('ok.png');
  });

  it('shows what preparing threw (an unreadable image) and keeps nothing', async () => {
    const { result } = setup({
      prepare: async () => {
        throw new Error('This image could not be read.');
      },
    });
    await act(() => result.current.choose([file('broken.png')]));
    expect(result.current.problems).toEqual(['This image could not be read.']);
    expect(result.current.images).toEqual([]);
    expect(result.current.reading).toBe(false);
  });

  it('with several: adds in order up to max, says when a pick is too many, names each file’s problem', async () => {
    const { result } = setup({ max: 3, nameProblems: true, tooMany: 'Upload up to 3 photos.', maxBytes: 50, tooLarge: (f) => `${f.name} is larger than 50 bytes.` });
    await act(() => result.current.choose([file('a.png'), file('x.gif', 'image/gif'), file('b.png')]));
    expect(result.current.images.map((i) => i.name)).toEqual(['a.png', 'b.png']);
    expect(result.current.problems).toEqual([`x.gif: ${UPLOAD_TYPE_ERROR}`]);
    await act(() => result.current.choose([file('c.png'), file('d.png'), file('e.png', 'image/png', 51)]));
    expect(result.current.images.map((i) => i.name)).toEqual(['a.png', 'b.png', 'c.png']);
    expect(result.current.problems).toEqual(['e.png is larger than 50 bytes.', 'Upload up to 3 photos.']);
    act(() => result.current.remove(0));
    expect(result.current.images.map((i) => i.name)).toEqual(['b.png', 'c.png']);
    act(() => result.current.clear());
    expect(result.current.images).toEqual([]);
  });

  it('without names, says a wrong type once, and the count message defaults to the limit', async () => {
    const { result } = setup({ max: 2 });
    await act(() => result.current.choose([file('x.gif', 'image/gif'), file('y.bmp', 'image/bmp'), file('a.png'), file('b.png'), file('c.png')]));
    expect(result.current.problems).toEqual([UPLOAD_TYPE_ERROR, 'You can upload up to 2 images.']);
    expect(result.current.images.map((i) => i.name)).toEqual(['a.png', 'b.png']);
  });

  it('is reading while a file is prepared', async () => {
    let finish: () => void = () => {};
    const { result } = setup({ prepare: (f) => new Promise((resolve) => (finish = () => resolve({ name: f.name, bytes: f.size }))) });
    let picked: Promise<void> = Promise.resolve();
    act(() => {
      picked = result.current.choose([file('slow.png')]);
    });
    await waitFor(() => expect(result.current.reading).toBe(true));
    await act(async () => {
      finish();
      await picked;
    });
    expect(result.current.reading).toBe(false);
    expect(result.current.image?.name).toBe('slow.png');
  });

  it('load keeps an image that is not a picked file, and rethrows its failure for the tool to tell', async () => {
    const onAdded = vi.fn();
    const { result } = setup({ onAdded });
    await act(() => result.current.load(async () => ({ name: 'from-gallery', bytes: 1 })));
    expect(result.current.image?.name).toBe('from-gallery');
    expect(onAdded).toHaveBeenCalledWith([{ name: 'from-gallery', bytes: 1 }]);
    await act(async () => {
      await expect(result.current.load(() => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    });
    expect(result.current.image?.name).toBe('from-gallery');
    expect(result.current.reading).toBe(false);
  });

  it('gives the hidden file input: images only, several when max > 1, cleared after each pick, Browse clicks it', async () => {
    function Picker({ max }: { max: number }) {
      const upload = useImageUpload({ prepare: named, max });
      return (
        <>
          <input {...upload.inputProps} aria-label="Upload image" />
          <button type="button" onClick={upload.browse}>
            Browse
          </button>
          <p>{upload.images.map((i) => i.name).join(',')}</p>
        </>
      );
    }
    render(<Picker max={4} />);
    const input = screen.getByLabelText<HTMLInputElement>('Upload image');
    expect(input.type).toBe('file');
    expect(input.accept).toBe(ACCEPT_IMAGES);
    expect(input.multiple).toBe(true);
    expect(input.className).toBe('sr-only');
    expect(input.tabIndex).toBe(-1);
    const click = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Browse' }));
    expect(click).toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [file('a.png'), file('b.png')] } });
    expect(await screen.findByText('a.png,b.png')).toBeTruthy();
    expect(input.value).toBe('');
    cleanup();
    render(<Picker max={1} />);
    expect(screen.getByLabelText<HTMLInputElement>('Upload image').multiple).toBe(false);
  });
});
