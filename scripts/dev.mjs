// `npm run dev`: the API with reload on change (port 3000) and Vite's dev server (port 5173) side by side.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@screenroom/server'], {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? '../../data' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@screenroom/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && process.exit(code));
