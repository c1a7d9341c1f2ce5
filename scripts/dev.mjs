import { spawn } from 'node:child_process';

/**
 * `npm run dev`: the API server in watch mode on API_PORT (3001) and the Vite dev server with hot
 * reload, which proxies /api, /uploads and /socket.io to it.
 */
const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, SPA_DIR: '/nonexistent' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
