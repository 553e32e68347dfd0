// Entry point of the compiled binary. Elysia decides between its development and
// production paths from NODE_ENV when its modules load, before any code of
// main.ts runs; `--define` cannot reach that read (it goes through Bun.env),
// so the binary sets it here, then loads the program (docs/decisions/005-single-binary.md).
process.env.NODE_ENV = 'production';
await import('./main');

export {};
