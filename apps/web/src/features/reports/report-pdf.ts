/*
 * Export of a report page to PDF (reports spec §2, §9): the page is drawn to a canvas (html2canvas-pro, the
 * maintained fork of html2canvas that also reads the modern colour functions a browser computes, such as oklch(),
 * lab() and color(), which is what color-mix() in antd's styles turns into) and laid on landscape A4 pages (jsPDF)
 * as JPEG images with a 20 pt padding, cut into page-high slices. Both libraries are loaded on the first export, so
 * the report page's own chunk stays small.
 */

import { PDF_IGNORE_ATTRIBUTE } from '@/widgets/shared/pdf-ignore';

/** Reports spec §9. */
const PDF_PAGE_PADDING_PT = 20;
const JPEG_QUALITY = 0.92;

// Characters Windows and macOS refuse in file names, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_NAME_CHARACTERS = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/**
 * The PDF's file name: the report title and the ISO timestamp of the export, e.g.
 * `NPS Overview_2026-11-21T12-30-05.123Z.pdf`. Characters a file system refuses (the timestamp's colons
 * among them) become '-'.
 */
export function pdfFileName(title: string, now: Date): string {
  const name = `${title.trim() || 'report'}_${now.toISOString()}`;
  return `${name.replace(UNSAFE_FILE_NAME_CHARACTERS, '-')}.pdf`;
}

/** One page's part of the drawn report, in canvas pixels. */
export type PdfSlice = { sourceY: number; sourceHeight: number };

/**
 * How a canvas of `canvasWidth` × `canvasHeight` pixels is cut into pages when scaled to the page's inner width:
 * each slice fills the inner page height, the last one what is left.
 */
export function pdfSlices({
  canvasWidth,
  canvasHeight,
  pageWidth,
  pageHeight,
  padding = PDF_PAGE_PADDING_PT,
}: {
  canvasWidth: number;
  canvasHeight: number;
  pageWidth: number;
  pageHeight: number;
  padding?: number;
}): PdfSlice[] {
  if (canvasWidth <= 0 || canvasHeight <= 0) return [];
  const pixelsPerPoint = canvasWidth / (pageWidth - 2 * padding);
  const sliceHeight = Math.max(1, Math.floor((pageHeight - 2 * padding) * pixelsPerPoint));
  const slices: PdfSlice[] = [];
  for (let sourceY = 0; sourceY < canvasHeight; sourceY += sliceHeight) {
    slices.push({ sourceY, sourceHeight: Math.min(sliceHeight, canvasHeight - sourceY) });
  }
  return slices;
}

/** Draws `element` and saves it as `fileName`; `onPage` reports progress as pages are laid out. */
export async function exportElementToPdf({
  element,
  fileName,
  onPage,
}: {
  element: HTMLElement;
  fileName: string;
  onPage?: (page: number, pages: number) => void;
}): Promise<void> {
  const [{ default: html2canvas }, { jsPDF }] = await Promise.all([
    import('html2canvas-pro'),
    import('jspdf'),
  ]);
  const canvas = await html2canvas(element, {
    backgroundColor: '#ffffff',
    scale: Math.min(2, window.devicePixelRatio || 1),
    useCORS: true,
    logging: false,
    ignoreElements: (node) => node.hasAttribute(PDF_IGNORE_ATTRIBUTE),
  });
  const pdf = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4', compress: true });
  const pageWidth = pdf.internal.pageSize.getWidth();
  const pageHeight = pdf.internal.pageSize.getHeight();
  const innerWidth = pageWidth - 2 * PDF_PAGE_PADDING_PT;
  const slices = pdfSlices({ canvasWidth: canvas.width, canvasHeight: canvas.height, pageWidth, pageHeight });
  const part = document.createElement('canvas');
  part.width = canvas.width;
  const context = part.getContext('2d');
  if (!context) throw new Error('No 2D canvas context for the PDF export');

  slices.forEach(({ sourceY, sourceHeight }, index) => {
    onPage?.(index + 1, slices.length);
    part.height = sourceHeight;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, part.width, part.height);
    context.drawImage(canvas, 0, sourceY, canvas.width, sourceHeight, 0, 0, canvas.width, sourceHeight);
    if (index > 0) pdf.addPage();
    const height = (sourceHeight * innerWidth) / canvas.width;
    pdf.addImage({
      imageData: part.toDataURL('image/jpeg', JPEG_QUALITY),
      format: 'JPEG',
      x: PDF_PAGE_PADDING_PT,
      y: PDF_PAGE_PADDING_PT,
      width: innerWidth,
      height,
    });
  });
  pdf.save(fileName);
}
