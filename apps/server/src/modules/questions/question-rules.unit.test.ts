import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@loupe/contracts';
import { AppError } from '../../errors.js';
import { decodeChoiceImage } from './question-rules.js';

const url = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
const codeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error instanceof AppError ? error.errorCode : 'not an AppError';
  }
  return 'accepted';
};

const PNG = Buffer.from('89504e470d0a1a0a0000000d', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

describe('choice pictures', () => {
  it('accepts each format whose bytes match its mime', () => {
    for (const [mime, bytes] of [
      ['image/png', PNG],
      ['image/jpeg', JPEG],
      ['image/gif', GIF],
      ['image/webp', WEBP],
    ] as const) {
      const image = decodeChoiceImage(url(mime, bytes), 0);
      expect(image).toEqual({ bytes, mime });
    }
  });

  it('refuses with 4028 a mime the bytes belie, another format, no data, too many bytes or no data URL', () => {
    const refusals = [
      url('image/png', JPEG),
      url('image/webp', Buffer.from('RIFF0000WAVEfmt ')),
      url('image/svg+xml', Buffer.from('<svg/>')),
      url('image/png', Buffer.alloc(0)),
      url('image/png', Buffer.concat([PNG, Buffer.alloc(512 * 1024)])),
      'https://example.com/a.png',
      `data:image/png;base64,${PNG.toString('base64')}!`,
    ];
    for (const refused of refusals) {
      expect(
        codeOf(() => decodeChoiceImage(refused, 2)),
        refused.slice(0, 40),
      ).toBe(ErrorCode.ChoiceImageInvalid);
    }
  });
});
