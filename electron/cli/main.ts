import { runCli } from './runCli';

const code = await runCli(process.argv.slice(2), {
  moduleUrl: import.meta.url,
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  input: () => process.stdin,
});
if (code !== null) process.exitCode = code;
