export const INSTALL_COMMAND: string;
export function postgresBin(): string | undefined;
export function ensurePostgresql(): string;
