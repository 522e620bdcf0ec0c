/** Where an operator command writes: its output and its errors (the terminal, or a test). */
export type CliIo = { out: (line: string) => void; err: (line: string) => void };
