/** What a CLI command reads and writes: its environment and its two output streams, one line at a time. */
export interface CommandIo {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Standard input, for a file argument given as `-`; opened only by the command that reads it. */
  input?: () => NodeJS.ReadableStream;
}
