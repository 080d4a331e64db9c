// The PDF viewer's zoom rules: the levels Zoom in and Zoom out step through,
// the range a typed or wheeled level is held to, and what a typed level means.
// Pure: the page and the unit tests share them.

/** 25 % to 500 %. */
export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 5;

/** The levels of Zoom in / Zoom out and of the zoom menu, as VS Code's image preview and the browsers step. */
export const ZOOM_STEPS: readonly number[] = [0.25, 0.33, 0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4, 5];

export function clampZoom(scale: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
}

/** The next level up (`direction` 1) or down (-1) from `scale`; `scale` between two levels goes to the nearer one that way. */
export function stepZoom(scale: number, direction: 1 | -1): number {
  const near = 0.005;
  const next = direction > 0 ? ZOOM_STEPS.find((s) => s > scale + near) : [...ZOOM_STEPS].reverse().find((s) => s < scale - near);
  return next ?? (direction > 0 ? MAX_ZOOM : MIN_ZOOM);
}

/** A level as typed ("150", "150 %", "1.5x"): the scale, or undefined for text that is no level. Out of range is held to it. */
export function parseZoom(text: string): number | undefined {
  const m = /^\s*(\d+(?:[.,]\d+)?)\s*(%|x|×)?\s*$/i.exec(text);
  if (!m) return undefined;
  const n = Number(m[1].replace(',', '.'));
  if (!(n > 0)) return undefined;
  return clampZoom(m[2] && m[2] !== '%' ? n : n / 100);
}

/** "150%" for the zoom box. */
export function zoomLabel(scale: number): string {
  return `${Math.round(scale * 100)}%`;
}
