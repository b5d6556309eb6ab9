/**
 * A console progress reporter for long loads: a redrawn bar on a terminal, and a plain line at every tenth
 * otherwise (CI logs, `npm start` piped into a file). Returns the `onProgress` callback loaders take.
 */
export function consoleProgress(
  label: string,
  stream: NodeJS.WriteStream = process.stderr,
): (done: number, total: number) => void {
  const started = performance.now();
  let lastDraw = 0;
  let lastTenth = -1;
  const format = new Intl.NumberFormat('en-US');

  return (done, total) => {
    const share = total > 0 ? Math.min(1, done / total) : 1;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const counts = `${format.format(done)}/${format.format(total)}`;
    if (stream.isTTY) {
      const now = performance.now();
      // Redrawing more often than ten times a second only costs time.
      if (done < total && now - lastDraw < 100) return;
      lastDraw = now;
      const width = 30;
      const filled = Math.round(share * width);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
      stream.write(`\r${label} ${bar} ${Math.floor(share * 100)}% ${counts} (${seconds}s)\x1b[K`);
      if (done >= total) stream.write('\n');
      return;
    }
    const tenth = Math.floor(share * 10);
    if (tenth > lastTenth) {
      lastTenth = tenth;
      stream.write(`${label}: ${tenth * 10}% (${counts}, ${seconds}s)\n`);
    }
  };
}
