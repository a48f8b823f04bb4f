export function providerOfUrl(url: string): 'postgresql' | 'sqlite' | null;
export function sqlitePathFromUrl(url: string, baseDir?: string): string;
