import type { UserConfig } from 'vitest/config';

declare const preset: UserConfig;
export default preset;
