import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const lockFile = () => join(mkdtempSync(join(tmpdir(), 'meridian-lock-')), 'meridian.lock');

describe('lockDataDir', () => {
  it('takes the lock and releases it', () => {
    const file = lockFile();
    const release = lockDataDir(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses while another live process holds it', () => {
    const file = lockFile();
    writeFileSync(file, String(process.ppid));
    expect(() => lockDataDir(file)).toThrow(DataDirLockedError);
  });

  it('takes over the lock of a process that is gone', () => {
    const file = lockFile();
    writeFileSync(file, '2147483646');
    const release = lockDataDir(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    release();
  });
});
