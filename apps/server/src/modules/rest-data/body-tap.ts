import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** What a REST data call's body was: its SHA-256, its size and its first bytes as text. */
export type BodySummary = { sha256: string; bytes: number; head: string };

/**
 * Passes a request body through unchanged (fastify parses what comes out) while hashing all of it and keeping
 * only its first `headBytes` bytes, so the log never holds a whole 32 MB body and an idempotent retry can be
 * compared byte for byte without a second copy.
 */
export class BodyTap extends Transform {
  private readonly hash = createHash('sha256');
  private readonly head: Buffer[] = [];
  private headLength = 0;
  private bytes = 0;
  private summary: BodySummary | undefined;

  constructor(private readonly headBytes: number) {
    super();
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.hash.update(buffer);
    this.bytes += buffer.length;
    if (this.headLength < this.headBytes) {
      const part = buffer.subarray(0, this.headBytes - this.headLength);
      this.head.push(part);
      this.headLength += part.length;
    }
    callback(null, buffer);
  }

  /** Call once the body has been read (in the handler). */
  summarize(): BodySummary {
    if (!this.summary) {
      // A streaming decode leaves out a character cut in half at the 64 KB mark instead of garbling it.
      const head = new TextDecoder('utf-8').decode(Buffer.concat(this.head), { stream: true });
      this.summary = {
        sha256: this.hash.digest('hex'),
        bytes: this.bytes,
        head: head.replaceAll('\u0000', '\ufffd'),
      };
    }
    return this.summary;
  }
}
