import { describe, expect, it } from 'vitest';
import { MediaError, runTool, stopRunningTools } from './tools';

describe('running media tools', () => {
  it('stops every running tool when the server shuts down', async () => {
    const started = Date.now();
    const run = runTool('sleep', ['30']);
    await new Promise((r) => setTimeout(r, 100));
    stopRunningTools();
    await expect(run).rejects.toBeInstanceOf(MediaError);
    await expect(run).rejects.toThrow(/SIGTERM/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
