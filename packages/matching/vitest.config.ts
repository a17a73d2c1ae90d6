import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'matching', include: ['src/**/*.test.ts'] } });
