import { saveFile } from '@/lib/save-file';

/*
 * A link's QR code arrives as an SVG data URL (`data:image/svg+xml;base64,…`, docs/survey-links.md). These turn it
 * into the files a person prints: the SVG itself, and a PNG drawn from it at print size.
 */

/** The SVG text of a base64 SVG data URL. */
export function svgOfDataUrl(dataUrl: string): string {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The file name of a link's QR code: the survey and link ids, so two links' files never clash. */
export const qrFileName = (surveyId: number, linkId: number, extension: 'svg' | 'png') =>
  `survey-${surveyId}-link-${linkId}-qr.${extension}`;

export function downloadSvg(dataUrl: string, fileName: string): void {
  saveFile(new Blob([svgOfDataUrl(dataUrl)], { type: 'image/svg+xml' }), fileName);
}

/** Draws the SVG on a white canvas `size` pixels wide (1,024: sharp on an A5 print) and saves it as a PNG. */
export async function downloadPng(dataUrl: string, fileName: string, size = 1024): Promise<void> {
  const image = new Image();
  image.src = dataUrl;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.imageSmoothingEnabled = false;
  context.drawImage(image, 0, 0, size, size);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the PNG could not be made');
  saveFile(blob, fileName);
}
