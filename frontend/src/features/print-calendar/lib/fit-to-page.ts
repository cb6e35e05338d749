import { useLayoutEffect, type RefObject } from 'react';

/**
 * The calendar prints on one landscape sheet of A4 or Letter with 10 mm margins, so it is laid out
 * for the area both papers share: Letter's width (279.4 − 20 mm) and A4's height (210 − 20 mm),
 * less a little for rounding.
 */
export const PRINT_PAGE_CSS = '@page { size: landscape; margin: 10mm; }';
export const PRINTABLE_MM = { width: 258, height: 188 } as const;

/** Zoom steps tried, largest first; below the last one, text would be too small to read. */
const MIN_ZOOM = 0.5;
const ZOOM_STEP = 0.04;
const ZOOMS: readonly number[] = Array.from({ length: Math.floor((1 - MIN_ZOOM) / ZOOM_STEP) + 1 }, (_, i) => Math.round((1 - i * ZOOM_STEP) * 100) / 100);

/** Set on the sheet while it is measured: the print styles apply to it on screen for a moment. */
const MEASURING_CLASS = 'cq-print-measuring';
/** Marks a chore name: the fit is too tight while any of its words does not fit its line. */
export const WORD_FIT_ATTR = 'data-print-words';

/**
 * Styles for the printed sheet: applied when printing, and while the sheet is being measured on
 * screen, so the measurement is of exactly the printed layout.
 */
export function printStyles<S extends object>(styles: S): Record<string, S> {
  return { '@media print': styles, [`.${MEASURING_CLASS} &, &.${MEASURING_CLASS}`]: styles };
}

/** Styles only for the measurement, never printed. */
export function measuringStyles<S extends object>(styles: S): Record<string, S> {
  return { [`.${MEASURING_CLASS} &`]: styles };
}

/** The sheet's own print styles: the width it is laid out at and the zoom that fits it on the page. */
export const sheetPrintStyles = { width: 'var(--print-width)', maxWidth: 'none' } as const;
export const sheetZoomStyles = { zoom: 'var(--print-zoom)' } as const;

function mmToPx(mm: number): number {
  return (mm * 96) / 25.4;
}

/**
 * Finds the largest zoom at which the sheet fits the printable area: laid out at width W / zoom
 * (so that, zoomed, it fills the page's width), its height times the zoom must fit the page's
 * height, and no chore name may have to break inside a word. Sets `--print-width` and
 * `--print-zoom` on the sheet for its print styles. Layout is measured synchronously, before paint.
 */
export function fitSheetToPage(sheet: HTMLElement): void {
  const maxHeight = mmToPx(PRINTABLE_MM.height);
  let chosen: number = MIN_ZOOM;
  // The measured layout is shorter than a phone's one-column sheet: keep the reader's place.
  const { scrollX, scrollY } = window;
  sheet.classList.add(MEASURING_CLASS);
  try {
    for (const zoom of ZOOMS) {
      sheet.style.setProperty('--print-width', `${PRINTABLE_MM.width / zoom}mm`);
      const height = sheet.getBoundingClientRect().height;
      const wordsFit = [...sheet.querySelectorAll<HTMLElement>(`[${WORD_FIT_ATTR}]`)].every((el) => el.scrollWidth <= el.clientWidth);
      if (height * zoom <= maxHeight && wordsFit) {
        chosen = zoom;
        break;
      }
    }
  } finally {
    sheet.classList.remove(MEASURING_CLASS);
    if (window.scrollX !== scrollX || window.scrollY !== scrollY) window.scrollTo(scrollX, scrollY);
  }
  sheet.style.setProperty('--print-width', `${PRINTABLE_MM.width / chosen}mm`);
  sheet.style.setProperty('--print-zoom', String(chosen));
}

/**
 * Keeps the sheet fitted to one printed page: on render, once the web fonts have loaded, and just
 * before printing.
 */
export function usePrintFit(sheetRef: RefObject<HTMLElement | null>, content: unknown) {
  useLayoutEffect(() => {
    const fit = () => {
      if (sheetRef.current) fitSheetToPage(sheetRef.current);
    };
    fit();
    let live = true;
    void document.fonts?.ready.then(() => live && fit());
    window.addEventListener('beforeprint', fit);
    return () => {
      live = false;
      window.removeEventListener('beforeprint', fit);
    };
  }, [sheetRef, content]);
}
