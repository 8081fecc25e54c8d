import { appendFile, type FileHandle, mkdir, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { processIsAlive } from '../../lib/process-alive';
import type { EventBatch } from './event-store';
import { GroupCommit } from './group-commit';

/** A segment is closed and a new one begun past this size, so projected ones can be deleted. */
const SEGMENT_BYTES = 32 * 1024 * 1024;
const LOCK_FILE = 'owner.pid';
/** Batches PostgreSQL refused outright, kept for a person to look at. */
export const SET_ASIDE_FILE = 'set-aside.jsonl';

const segmentName = (n: number) => `${String(n).padStart(10, '0')}.jsonl`;
const isSegment = (name: string) => /^\d{10}\.jsonl$/.test(name);

export class JournalInUseError extends Error {
  override name = 'JournalInUseError';
}

/**
 * The viewer events' write-ahead log: an append-only file on local disk, one JSON line per batch. A
 * batch is durable once `append` resolves (written and fdatasync'd; appends arriving during a sync are
 * written together in the next one), so the events route can answer then and leave the heavier
 * PostgreSQL write to the projector. Lines are grouped in numbered segments; a segment whose every line
 * is in PostgreSQL is deleted. After a crash, `open` hands back the lines of the segments left over.
 */
export class EventJournal {
  private file: FileHandle | null = null;
  private segment = 0;
  private segmentSize = 0;
  /** Per segment: lines written, and lines confirmed in PostgreSQL. */
  private readonly lines = new Map<number, { written: number; projected: number }>();
  private readonly writes = new GroupCommit<string, number>((lines) => this.writeLines(lines), {
    maxItems: 5000,
    maxConcurrent: 1,
  });

  constructor(private readonly directory: string) {}

  /** Takes the directory for this process and returns the batches of segments a previous run left. */
  async open(): Promise<{ batch: EventBatch; segment: number }[]> {
    await mkdir(this.directory, { recursive: true });
    await this.takeOwnership();
    const names = (await readdir(this.directory)).filter(isSegment).sort();
    const leftover: { batch: EventBatch; segment: number }[] = [];
    for (const name of names) {
      const segment = Number.parseInt(name, 10);
      const text = await readFile(path.join(this.directory, name), 'utf8');
      let count = 0;
      for (const line of text.split('\n')) {
        // A line cut short by a crash was never acknowledged: skipping it loses nothing promised.
        if (!line.endsWith('}')) continue;
        try {
          leftover.push({ batch: JSON.parse(line) as EventBatch, segment });
          count++;
        } catch {}
      }
      this.lines.set(segment, { written: count, projected: 0 });
      if (count === 0) await rm(path.join(this.directory, name), { force: true });
      this.segment = Math.max(this.segment, segment);
    }
    await this.startSegment(this.segment + 1);
    return leftover;
  }

  /** Writes the batch durably; resolves with the segment it is in, for `projected`. */
  append(batch: EventBatch) {
    return this.writes.submit(`${JSON.stringify(batch)}\n`);
  }

  /** Records that one more line of `segment` is in PostgreSQL; deletes the segment once all are. */
  projected(segment: number) {
    const lines = this.lines.get(segment);
    if (!lines) return;
    lines.projected++;
    if (segment !== this.segment && lines.projected >= lines.written) void this.dropSegment(segment);
  }

  async close() {
    await this.writes.idle();
    await this.file?.close();
    this.file = null;
    const current = this.lines.get(this.segment);
    if (current && current.projected >= current.written) await this.dropSegment(this.segment);
    await rm(path.join(this.directory, LOCK_FILE), { force: true });
  }

  /** One PID file per directory: two processes sharing a journal would each replay the other's lines. */
  private async takeOwnership() {
    const lock = path.join(this.directory, LOCK_FILE);
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(await readFile(lock, 'utf8').catch(() => ''), 10);
      if (owner && owner !== process.pid && processIsAlive(owner)) {
        throw new JournalInUseError(
          `The event journal in ${this.directory} belongs to process ${owner}. Give each server its own DATA_DIR.`,
        );
      }
      await writeFile(lock, String(process.pid));
    }
  }

  private async startSegment(segment: number) {
    await this.file?.close();
    const previous = this.lines.get(this.segment);
    const finishedSegment = this.segment;
    this.segment = segment;
    this.segmentSize = 0;
    this.lines.set(segment, { written: 0, projected: 0 });
    // Not 'a': positioned writes (at the segment's size) let a failed write be cut off again.
    this.file = await open(path.join(this.directory, segmentName(segment)), 'w');
    if (previous && previous.projected >= previous.written) void this.dropSegment(finishedSegment);
  }

  /** Keeps a batch PostgreSQL refused, in a file of its own, before it leaves the journal. */
  async setAside(batch: EventBatch) {
    await appendFile(path.join(this.directory, SET_ASIDE_FILE), `${JSON.stringify(batch)}\n`);
  }

  /**
   * One write and one fdatasync per group; groups never overlap (one at a time). A failed write is cut
   * off the file again, so the next group's first line is not glued to half a line.
   */
  private async writeLines(lines: string[]) {
    if (this.segmentSize >= SEGMENT_BYTES) await this.startSegment(this.segment + 1);
    const file = this.file;
    if (!file) throw new Error('The event journal is closed.');
    const bytes = Buffer.from(lines.join(''));
    try {
      let written = 0;
      while (written < bytes.length) {
        written += (await file.write(bytes, written, bytes.length - written, this.segmentSize + written))
          .bytesWritten;
      }
      await file.datasync();
    } catch (error) {
      await file.truncate(this.segmentSize).catch(() => undefined);
      throw error;
    }
    this.segmentSize += bytes.length;
    this.lines.get(this.segment)!.written += lines.length;
    return lines.map(() => this.segment);
  }

  /** Deletes a fully projected segment, off the event loop; one left behind is replayed harmlessly. */
  private dropSegment(segment: number) {
    this.lines.delete(segment);
    return rm(path.join(this.directory, segmentName(segment)), { force: true }).catch(() => undefined);
  }
}
