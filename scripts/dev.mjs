// `npm run dev`: the API (restarting on change) and Vite (hot reload, proxying /api to it) side by side.
import { spawn } from "node:child_process";

const apiPort = process.env.PORT ?? "3000";
const children = [
  spawn("npm", ["run", "dev", "-w", "apps/server"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173" },
  }),
  spawn("npm", ["run", "dev", "-w", "apps/web"], {
    stdio: "inherit",
    env: { ...process.env, API_URL: `http://localhost:${apiPort}` },
  }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
