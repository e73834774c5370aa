import { useEffect, useEffectEvent, useRef, useState, type PointerEvent } from 'react';
import type { Size } from './crop.ts';

const STROKE = '#8b5cf6';

/**
 * The inpaint painting surface: strokes show in violet over the image and are drawn in white on a black mask the
 * size of the source image (white = repaint), handed to `onMaskChange` (null when it goes away). A new `maskVersion`
 * starts a blank mask. The canvas owns its mask: the parent only reads it when it sends the request.
 */
export function InpaintCanvas({ size, brushSize, maskVersion, onMaskChange, onPainted, disabled }: {
  size: Size;
  /** In image pixels. */
  brushSize: number;
  maskVersion: number;
  onMaskChange: (mask: HTMLCanvasElement | null) => void;
  onPainted: () => void;
  disabled?: boolean;
}) {
  const visible = useRef<HTMLCanvasElement>(null);
  const maskCanvas = useRef<HTMLCanvasElement | null>(null);
  // The parent's latest callback, without a new blank mask each time its identity changes.
  const announceMask = useEffectEvent((mask: HTMLCanvasElement | null) => onMaskChange(mask));
  const last = useRef<{ x: number; y: number } | null>(null);
  const [cursor, setCursor] = useState<{ x: number; y: number; d: number } | null>(null);
  const { width, height } = size;

  useEffect(() => {
    const mask = document.createElement('canvas');
    mask.width = width;
    mask.height = height;
    const ctx = mask.getContext('2d');
    if (ctx) {
      ctx.fillStyle = '#000000';
      ctx.fillRect(0, 0, width, height);
    }
    maskCanvas.current = mask;
    announceMask(mask);
    visible.current?.getContext('2d')?.clearRect(0, 0, width, height);
    return () => {
      if (maskCanvas.current !== mask) return;
      maskCanvas.current = null;
      announceMask(null);
    };
  }, [width, height, maskVersion]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) * width) / rect.width,
      y: ((event.clientY - rect.top) * height) / rect.height,
      scale: rect.width / width,
      cx: event.clientX - rect.left,
      cy: event.clientY - rect.top,
    };
  };

  const stroke = (from: { x: number; y: number }, to: { x: number; y: number }) => {
    for (const [canvas, color] of [
      [visible.current, STROKE],
      [maskCanvas.current, '#ffffff'],
    ] as const) {
      const ctx = canvas?.getContext('2d');
      if (!ctx) continue;
      ctx.strokeStyle = color;
      ctx.lineWidth = brushSize;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.beginPath();
      ctx.moveTo(from.x, from.y);
      ctx.lineTo(to.x + 0.01, to.y);
      ctx.stroke();
    }
  };

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const p = point(event);
    last.current = p;
    stroke(p, p);
    onPainted();
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const p = point(event);
    setCursor({ x: p.cx, y: p.cy, d: brushSize * p.scale });
    if (!last.current || disabled) return;
    stroke(last.current, p);
    last.current = p;
  };

  const up = () => {
    last.current = null;
  };

  return (
    <>
      <canvas
        ref={visible}
        width={width}
        height={height}
        aria-label="Inpaint mask: paint over the areas to change"
        role="img"
        data-testid="inpaint-canvas"
        className="absolute inset-0 size-full cursor-crosshair touch-none opacity-60"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onPointerLeave={() => {
          up();
          setCursor(null);
        }}
      />
      {cursor && !disabled && (
        <span
          aria-hidden
          className="pointer-events-none absolute rounded-full border-2 border-white shadow-[0_0_0_1px_rgba(15,23,42,0.6)]"
          style={{ left: cursor.x - cursor.d / 2, top: cursor.y - cursor.d / 2, width: cursor.d, height: cursor.d }}
        />
      )}
    </>
  );
}
