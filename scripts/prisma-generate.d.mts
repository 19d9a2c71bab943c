export const postgresSchemaPath: string;
export function postgresSchemaText(text: string): string;
export function writePostgresSchema(): string;
