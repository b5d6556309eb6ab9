// Where the replica stands in PostgreSQL's change sequence. Sequence numbers are handed out when a row is
// inserted but become visible when its transaction commits, so on a server with concurrent writers seq 41 can
// appear after seq 42. A plain "last seq" would then skip 41 for good. The cursor therefore keeps a durable
// watermark (every change at or below it is in the replica) and, above it, the changes already applied and the
// gaps still open. A gap closes when its change arrives, or when every transaction that could still hold it has
// ended: a snapshot whose xmin is at or past the xmax of the snapshot that first saw the gap.

/** One read of analytics_changes: the visible seqs in ascending order and the snapshot they were read in. */
export type ChangePage = {
  seqs: readonly number[];
  /** pg_snapshot_xmin: every transaction below it has ended. */
  xmin: number;
  /** pg_snapshot_xmax: every transaction that has started is below it. */
  xmax: number;
};

type Gap = { from: number; to: number; horizon: number; closed: boolean };

/** One pass over every visible change past the watermark, page by page in seq order. */
type ChangePass = {
  /** Takes the next page and returns its seqs that still need applying. */
  page(page: ChangePage): number[];
  /** The seq to read past for the next page. */
  readonly after: number;
};

export type ChangeCursor = {
  /** Every change at or below this seq is in the replica. */
  readonly watermark: number;
  /** Starts a pass at the watermark; call `advance()` when its changes are applied. */
  beginPass(): ChangePass;
  markApplied(seqs: Iterable<number>): void;
  /** Moves the watermark over applied seqs and closed gaps; returns the new watermark. */
  advance(): number;
};

export function createChangeCursor(initialWatermark: number): ChangeCursor {
  let watermark = initialWatermark;
  const applied = new Set<number>();
  let gaps: Gap[] = [];

  return {
    get watermark() {
      return watermark;
    },

    beginPass() {
      const previousGaps = gaps;
      gaps = [];
      let after = watermark;
      return {
        get after() {
          return after;
        },
        page({ seqs, xmin, xmax }) {
          const pending: number[] = [];
          for (const seq of seqs) {
            if (seq <= after) continue;
            if (seq > after + 1) {
              const from = after + 1;
              const to = seq - 1;
              // A gap seen before keeps its first horizon: the transactions that could hold it started earlier.
              const horizon = previousGaps
                .filter((g) => g.from <= to && g.to >= from)
                .reduce((min, g) => Math.min(min, g.horizon), xmax);
              gaps.push({ from, to, horizon, closed: horizon <= xmin });
            }
            if (!applied.has(seq)) pending.push(seq);
            after = seq;
          }
          return pending;
        },
      };
    },

    markApplied(seqs) {
      for (const seq of seqs) if (seq > watermark) applied.add(seq);
    },

    advance() {
      for (;;) {
        const next = watermark + 1;
        if (applied.delete(next)) {
          watermark = next;
          continue;
        }
        const gap = gaps.find((g) => g.from === next);
        if (gap?.closed) {
          watermark = gap.to;
          gaps = gaps.filter((g) => g !== gap);
          continue;
        }
        return watermark;
      }
    },
  };
}
