import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'actus', include: ['src/**/*.test.ts'] } });
