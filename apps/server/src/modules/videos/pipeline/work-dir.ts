import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A film's scratch folder on the worker: encoder output and encrypted segments wait here between steps,
 * so a worker restarted on the same machine resumes without redoing finished steps. Each step writes a
 * manifest last; a folder without its manifest is unfinished work and is redone.
 */
export class WorkDir {
  constructor(readonly root: string) {}

  path(...parts: string[]) {
    return path.join(this.root, ...parts);
  }

  async reset(step: string) {
    await rm(this.path(step), { recursive: true, force: true });
    await mkdir(this.path(step), { recursive: true });
  }

  async writeManifest(step: string, data: unknown) {
    await writeFile(this.path(step, 'manifest.json'), JSON.stringify(data));
  }

  async readManifest<T>(step: string): Promise<T | null> {
    const file = this.path(step, 'manifest.json');
    if (!existsSync(file)) return null;
    return JSON.parse(await readFile(file, 'utf8')) as T;
  }

  /** Remembers the encoder's process, so a later attempt can stop it if its worker died. */
  async recordProcess(step: string, pid: number) {
    await writeFile(this.path(step, 'process.pid'), String(pid)).catch(() => {});
  }

  /**
   * A worker killed mid-step leaves its ffmpeg running, writing into this folder. Before the step starts
   * again, stop that process (only if it is still an encoder working here).
   */
  async stopOrphan(step: string) {
    const pid = Number(await readFile(this.path(step, 'process.pid'), 'utf8').catch(() => ''));
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return;
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (!commandLine.includes(this.root)) return;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }

  async remove() {
    await rm(this.root, { recursive: true, force: true });
  }
}
