/** Writes .br and .gz copies beside each text asset under `dir` (only those smaller than the file). */
export function precompress(dir: string): Promise<{ file: string; bytes: number; original: number }[]>;
