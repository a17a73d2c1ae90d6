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

/** A file being written: counts bytes, hashes as it goes and honours back-pressure. */
export class FileSink {
  private readonly stream: WriteStream;
  private readonly hash = createHash('sha256');
  private bytes = 0;
  private pending: string[] = [];
  private pendingLength = 0;

  constructor(readonly absolutePath: string) {
    this.stream = createWriteStream(absolutePath);
  }

  /** Buffers text; call `flush()` (awaiting back-pressure) after each page of records. */
  push(text: string): void {
    this.pending.push(text);
    this.pendingLength += text.length;
  }

  async write(text: string): Promise<void> {
    this.push(text);
    if (this.pendingLength >= 65_536) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const chunk = Buffer.from(this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingLength = 0;
    this.hash.update(chunk);
    this.bytes += chunk.length;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
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
