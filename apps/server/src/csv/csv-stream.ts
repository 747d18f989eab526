/**
 * A CSV file produced while it is sent: the header, then the rows read a chunk at a time after the
 * last one sent (keyset paging: constant memory, whatever the number of rows, on PostgreSQL and
 * PGlite alike), then an optional closing line. Reading stops as soon as the consumer stops
 * (a closed connection returns the generator), so a cancelled download costs at most one chunk.
 */
export interface CsvSource<Row> {
  header: string;
  /** The rows after `last` (all from the start when undefined), at most `limit`, in a stable order. */
  readChunk: (last: Row | undefined, limit: number) => Promise<Row[]>;
  /** The rows of one chunk as CSV lines. */
  lines: (rows: Row[]) => string;
  /** Told every row sent (a running total), before the closing line is asked for. */
  onRows?: (rows: Row[]) => void;
  closingLine?: () => string;
}

export const csvChunkRows = 2_000;

export async function* csvStream<Row>(source: CsvSource<Row>, chunkRows = csvChunkRows): AsyncGenerator<string> {
  yield source.header;
  let last: Row | undefined;
  for (;;) {
    const rows = await source.readChunk(last, chunkRows);
    if (rows.length === 0) break;
    source.onRows?.(rows);
    yield source.lines(rows);
    if (rows.length < chunkRows) break;
    last = rows[rows.length - 1];
  }
  if (source.closingLine) yield source.closingLine();
}
