/**
 * `sightline … | head -2`: once the reader of stdout has gone, there is no one left to answer, so the command
 * ends at once and successfully, as Unix tools killed by SIGPIPE do in a pipeline, instead of dying on an
 * unhandled EPIPE with a stack trace. A closed stderr alone is ignored: stdout may still have a reader.
 */
export function endQuietlyOnClosedPipe(
  streams: { stdout: NodeJS.EventEmitter; stderr: NodeJS.EventEmitter },
  exit: (code: number) => void,
): void {
  streams.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    exit(0);
  });
  streams.stderr.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}
