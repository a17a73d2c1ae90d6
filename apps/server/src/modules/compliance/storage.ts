import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { once } from 'node:events';

/**
 * Report files live under `<DATA_DIR>/reports` (or a temporary directory when the database is
 * in memory, as in tests). The database keeps each file's relative path, size and SHA-256.
 */
export function reportsDirectory(dataDir: string | undefined): string {
  const dir = dataDir ? resolve(dataDir, 'reports') : join(tmpdir(), `meridian-reports-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Text gathered before it is encoded, hashed and handed to the file stream. */
const CHUNK_CHARS = 65_536;

/**
 * Bytes the file stream may hold before `flush()` waits for the disk. With the stream's default
 * (16 KiB) every page waited for all its bytes to reach the file before the next page's query
 * started, so disk time and rendering never overlapped; this bound keeps memory to a few pages
 * while the next page is fetched and rendered during the writes.
 */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * A file being written: counts bytes, hashes as it goes and honours back-pressure. Text is
 * encoded as soon as a chunk's worth has gathered, so a page of records never sits on the
 * JavaScript heap as strings (which every young-generation GC would copy) until its end.
 */
export class FileSink {
  private readonly stream: WriteStream;
  private readonly hash = createHash('sha256');
  private bytes = 0;
  private pending = '';

  constructor(readonly absolutePath: string) {
    this.stream = createWriteStream(absolutePath, { highWaterMark: WRITE_BUFFER_BYTES });
  }

  /** Buffers text; call `flush()` (awaiting back-pressure) after each page of records. */
  push(text: string): void {
    this.pending += text;
    if (this.pending.length >= CHUNK_CHARS) this.encode();
  }

  /** Hands everything pushed so far to the stream and waits while the stream's buffer is full. */
  async flush(): Promise<void> {
    this.encode();
    if (this.stream.writableNeedDrain) await once(this.stream, 'drain');
  }

  private encode(): void {
    if (this.pending.length === 0) return;
    const chunk = Buffer.from(this.pending, 'utf8');
    this.pending = '';
    this.hash.update(chunk);
    this.bytes += chunk.length;
    this.stream.write(chunk);
  }

  async close(): Promise<{ size: number; sha256: string }> {
    await this.flush();
    this.stream.end();
    await once(this.stream, 'finish');
    return { size: this.bytes, sha256: this.hash.digest('hex') };
  }

  async discard(): Promise<void> {
    this.stream.destroy();
    await rm(this.absolutePath, { force: true });
  }
}

export function openReportFile(absolutePath: string) {
  return createReadStream(absolutePath);
}
