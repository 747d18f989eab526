/** The part of madge's API (it ships no types) that check-module-loops uses. */
declare module 'madge' {
  interface MadgeResult {
    /** Each file (relative to the base folder) with the files it imports. */
    obj(): Record<string, string[]>;
  }
  export default function madge(
    path: string,
    config: { fileExtensions: string[]; tsConfig: string },
  ): Promise<MadgeResult>;
}
