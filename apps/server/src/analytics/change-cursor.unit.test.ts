import { describe, expect, it } from 'vitest';
import { createChangeCursor } from './change-cursor.js';

// Reads one page and applies everything it returns, as the sync does.
function pass(cursor: ReturnType<typeof createChangeCursor>, seqs: number[], xmin: number, xmax: number) {
  const pending = cursor.beginPass().page({ seqs, xmin, xmax });
  cursor.markApplied(pending);
  return { pending, watermark: cursor.advance() };
}

describe('change cursor', () => {
  it('moves the watermark over contiguous applied changes', () => {
    const cursor = createChangeCursor(10);
    expect(pass(cursor, [11, 12, 13], 100, 100)).toEqual({ pending: [11, 12, 13], watermark: 13 });
  });

  it('waits at a gap while the transaction that may hold it is still running', () => {
    const cursor = createChangeCursor(10);
    // Seq 12 is taken by transaction 95, still open: xmin 95 < xmax 100.
    expect(pass(cursor, [11, 13, 14], 95, 100)).toEqual({ pending: [11, 13, 14], watermark: 11 });
    // Later the late change commits and shows up; only it is new.
    expect(pass(cursor, [12, 13, 14], 101, 101)).toEqual({ pending: [12], watermark: 14 });
  });

  it('passes a gap once every transaction that could hold it has ended (a rollback)', () => {
    const cursor = createChangeCursor(10);
    expect(pass(cursor, [11, 13], 95, 100).watermark).toBe(11);
    // Still missing while xmin has not reached the horizon (100) seen with the gap.
    expect(pass(cursor, [13], 99, 120).watermark).toBe(11);
    // xmin 100: everything running when the gap was first seen has ended, and 12 never came.
    expect(pass(cursor, [13], 100, 120)).toEqual({ pending: [], watermark: 13 });
  });

  it('passes a gap at once when no transaction was running', () => {
    const cursor = createChangeCursor(0);
    expect(pass(cursor, [1, 4], 50, 50).watermark).toBe(4);
  });

  it('keeps a gap open across pages and returns only what is not applied yet', () => {
    const cursor = createChangeCursor(0);
    const first = cursor.beginPass();
    expect(first.page({ seqs: [1, 2], xmin: 10, xmax: 12 })).toEqual([1, 2]);
    cursor.markApplied([1, 2]);
    expect(first.after).toBe(2);
    expect(first.page({ seqs: [4], xmin: 10, xmax: 12 })).toEqual([4]);
    cursor.markApplied([4]);
    expect(cursor.advance()).toBe(2);
    // The next pass re-reads from the watermark; 4 is known, 3 arrives.
    expect(pass(cursor, [3, 4, 5], 10, 13)).toEqual({ pending: [3, 5], watermark: 5 });
  });
});
