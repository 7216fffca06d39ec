import { endQuietlyOnClosedPipe } from './closedPipe';
import { runCli } from './runCli';

endQuietlyOnClosedPipe(process, (code) => process.exit(code));
const code = await runCli(process.argv.slice(2), {
  moduleUrl: import.meta.url,
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  input: () => process.stdin,
});
if (code !== null) process.exitCode = code;
