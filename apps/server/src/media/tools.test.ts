import { describe, expect, it } from 'vitest';
import { MediaError, runTool, stopRunningTools, ToolStoppedForShutdown } from './tools';

describe('running media tools', () => {
  it('stops every running tool when the server shuts down', async () => {
    const started = Date.now();
    const run = runTool('sleep', ['30']);
    await new Promise((r) => setTimeout(r, 100));
    stopRunningTools();
    await expect(run).rejects.toBeInstanceOf(ToolStoppedForShutdown);
    await expect(run).rejects.toThrow('sleep was stopped: the server is shutting down');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('tells a tool killed by anyone else from one stopped for shutdown', async () => {
    const run = runTool('sleep', ['30'], { onSpawn: (pid) => setTimeout(() => process.kill(pid), 100) });
    await expect(run).rejects.toBeInstanceOf(MediaError);
    await expect(run).rejects.toThrow(/SIGTERM/);
  });
});
