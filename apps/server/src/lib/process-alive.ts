/**
 * Whether a process with this id runs. One of another user's, which we may not signal (EPERM), counts
 * unless `othersCount` is false: a PID file naming such a process is then stale for our purposes (the
 * database's own rule for postmaster.pid; we could not stop that process anyway).
 */
export function processIsAlive(pid: number, { othersCount = true } = {}) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return othersCount && (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
