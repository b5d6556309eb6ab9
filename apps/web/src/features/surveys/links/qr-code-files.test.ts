import { describe, expect, it } from 'vitest';
import { qrFileName, svgOfDataUrl } from './qr-code-files';

describe('QR code files', () => {
  it('reads the SVG text back from a base64 data URL, non-ASCII included', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><title>Kadıköy şubesi</title></svg>';
    const bytes = new TextEncoder().encode(svg);
    const dataUrl = `data:image/svg+xml;base64,${btoa(String.fromCharCode(...bytes))}`;
    expect(svgOfDataUrl(dataUrl)).toBe(svg);
  });

  it('names the files after the survey and the link', () => {
    expect(qrFileName(3, 17, 'svg')).toBe('survey-3-link-17-qr.svg');
    expect(qrFileName(3, 17, 'png')).toBe('survey-3-link-17-qr.png');
  });
});
